import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { IconButton, Tooltip } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { useTranslate } from 'react-admin';
import { canAccess } from '../../../access';
import { session, useSession, type ChainRef } from '../../../session';
import { chainValueLink, type ChainValueLink } from '../explorer';

/** Where this chain's address or hash opens for the signed-in role (src/resources/engine/explorer.ts). */
export function useChainValueLink(
  chain: Pick<ChainRef, 'explorerUrl' | 'family' | 'mode' | 'chainId'> | null | undefined,
  value: string,
): ChainValueLink | null {
  const { roleIndex } = useSession();
  return chainValueLink(chain, value, (path) => canAccess(roleIndex, path));
}

/**
 * The button beside an address or hash: the block explorer in a new tab, or on a chain no
 * explorer sees the console's own screen, on the value's chain (the app bar follows it). It
 * never opens the row it sits in.
 */
export function ChainValueLinkButton({ link }: { link: ChainValueLink }) {
  const translate = useTranslate();
  const { currentChainObj } = useSession();
  if (!link.inConsole) {
    const label = translate('resourceEngine.openInExplorer');
    return (
      <Tooltip title={label}>
        <IconButton
          size="small"
          component="a"
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={label}
          onClick={(event: MouseEvent) => event.stopPropagation()}
        >
          <OpenInNewIcon sx={{ fontSize: 16 }} />
        </IconButton>
      </Tooltip>
    );
  }
  const label = translate('resourceEngine.openInConsole');
  const follow = (event: MouseEvent) => {
    event.stopPropagation();
    if (currentChainObj?.chainId !== link.chainId) session.selectChain(link.chainId);
  };
  return (
    <Tooltip title={label}>
      <IconButton size="small" component={RouterLink} to={link.href} aria-label={label} onClick={follow} data-testid="open-in-console">
        <ManageSearchIcon sx={{ fontSize: 16 }} />
      </IconButton>
    </Tooltip>
  );
}
