import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AppBarSelect } from './AppBarSelect';
import { useRefresh, useTranslate } from 'react-admin';
import { session, useSession } from '../../session';
import { CONSOLE_QUERY, consoleKey, useConsoleDataProvider } from '../consoleQuery';
import { takeBootChains } from '../../startup/bootReads';

/** Loads the chain list once per sign-in and keeps the current chain (the rule of docs/console.md). */
export function ChainSelector({ inPanel = false, onPicked }: { inPanel?: boolean; onPicked?: () => void }) {
  const translate = useTranslate();
  const { chainList, currentChainObj, account, selectedOrg } = useSession();
  const refresh = useRefresh();
  const dataProvider = useConsoleDataProvider();

  // Read again for another user or org (the app bar and the phone panel share the one read).
  const chains = useQuery({
    queryKey: consoleKey('chainChoices', selectedOrg?.orgId ?? null, account),
    // The start-up's read for this account and org when there is one (docs/console.md "The first load").
    queryFn: ({ signal }) => takeBootChains(account, selectedOrg?.orgId ?? null) ?? dataProvider.chainChoices({ signal }),
    enabled: account !== null,
    ...CONSOLE_QUERY,
  });
  // The session holds the list and the current chain: copied there once read; none after a failure (docs/console.md).
  const { data, isError } = chains;
  useEffect(() => {
    if (data) session.setChainList(data.list);
    else if (isError) session.setChainList([]);
  }, [data, isError]);

  if (chainList.length === 0) return null;
  return (
    <AppBarSelect
      label={translate('chain.select')}
      value={currentChainObj?.chainId ?? ''}
      options={chainList.map((chain) => ({ value: chain.chainId, label: chain.name }))}
      onChange={(chainId) => {
        session.selectChain(chainId);
        refresh();
        onPicked?.();
      }}
      width={170}
      inPanel={inPanel}
    />
  );
}
