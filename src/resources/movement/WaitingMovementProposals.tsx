import { Link as MuiLink, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ProposalRecord } from '../../contract/schemas/sign';
import { useSession } from '../../session';
import type { ResourceViewProps } from '../engine/types';
import { proposalQueuePath } from '../multisig/proposalPage';
import { MOVEMENT_PROPOSALS_RESOURCE } from '../multisig/signLists';
import { WaitingProposals } from '../multisig/WaitingProposals';

/** As many as a glance takes in; the rest are one link away (the queue). */
const SHOWN = 5;

/**
 * A movement screen's "Waiting proposals" (docs/console.md "Sign log and waiting proposals"): the
 * open proposals of its kind (`/sys/sign/list/transferProposal?kind=`) on the app bar's chain, as
 * its list shows that chain, oldest nonce first, each linking to its page. A movement out of a
 * multisig wallet is such a proposal until it executes; this says what still waits for signers.
 */
export default function WaitingMovementProposals({ definition }: ResourceViewProps) {
  const translate = useTranslate();
  const { currentChainObj, roleIndex } = useSession();
  const kind = definition.scope.kind;
  const chainId = currentChainObj?.chainId;
  const { data, total, isPending, error } = useGetList<ProposalRecord & { id: number }>(
    MOVEMENT_PROPOSALS_RESOURCE,
    { pagination: { page: 1, perPage: SHOWN }, sort: { field: 'nonce', order: 'ASC' }, filter: { kind, state: 'open', chainId } },
    { enabled: Boolean(kind) && chainId !== undefined, retry: false },
  );
  // A failure is toasted by the HTTP client; the list below still shows.
  if (!kind || isPending || error || !data) return null;
  const chain = currentChainObj?.name ?? '';
  const queue = proposalQueuePath(roleIndex);
  const more = (total ?? data.length) - data.length;
  return (
    <WaitingProposals
      proposals={data}
      testId="movement-waiting-proposals"
      title="multisig.waitingProposals.title"
      emptyText={translate(`multisig.waitingProposals.empty.${kind}`, { chain })}
      intro={
        data.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {translate('multisig.waitingProposals.intro', { chain })}
          </Typography>
        )
      }
      footer={
        more > 0 &&
        queue && (
          <MuiLink component={Link} to={queue} variant="body2">
            {translate('multisig.waitingProposals.more', { count: more, smart_count: more })}
          </MuiLink>
        )
      }
    />
  );
}
