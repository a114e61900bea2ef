import { useMemo } from 'react';
import { useSession } from '../../session';
import type { RuleNames } from './ruleWords';

/** Rule ids by name: the wallets given (the org's, or a proposal's own) and the session's networks. */
export function useRuleNames(wallets: ReadonlyArray<{ id: number; label: string }>): RuleNames {
  const { chainList } = useSession();
  return useMemo(
    () => ({
      wallet: (id: number) => wallets.find((w) => w.id === id)?.label ?? `#${id}`,
      chain: (id: number) => chainList.find((c) => c.chainId === id)?.name ?? String(id),
    }),
    [wallets, chainList],
  );
}
