import { Box, Chip } from '@mui/material';
import LanIcon from '@mui/icons-material/Lan';
import { useTranslate } from 'react-admin';
import { useSession } from '../../../session';
import type { ResourceDefinition } from '../types';

/**
 * Above a chain-scoped list: the chain its rows are of (the app bar's), so a record saved on
 * another chain is not looked for here in vain (docs/DECISIONS.md "Saved on another chain").
 * Shown above the rows and in the empty state (an empty list is "empty on this chain").
 * Lists with a chain picker of their own (`list.allChains`, the reports) name it there instead.
 */
export function ListChain({ definition }: { definition: ResourceDefinition }) {
  if (!definition.chainField || definition.declaration.list?.allChains) return null;
  return <ShowingChain />;
}

/** "Chain: Ethereum" above a list of the app bar's chain; also for custom lists (the multisig queue). */
export function ShowingChain() {
  const translate = useTranslate();
  const chain = useSession().currentChainObj;
  if (!chain) return null;
  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, pt: 1 }}>
      <Chip
        icon={<LanIcon />}
        size="small"
        variant="outlined"
        label={translate('chain.showing', { chain: chain.name })}
        data-testid="list-chain"
      />
    </Box>
  );
}

/** One row's chain, by name ("Ethereum"), where a row of a custom list says which chain it is on. */
export function RowChain({ chainId }: { chainId: number }) {
  const { chainList } = useSession();
  const name = chainList.find((c) => c.chainId === chainId)?.name ?? String(chainId);
  return <Chip icon={<LanIcon />} size="small" variant="outlined" label={name} data-testid="row-chain" />;
}
