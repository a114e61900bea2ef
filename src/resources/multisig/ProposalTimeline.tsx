import { Box, Chip, Stack, Typography } from '@mui/material';
import { Link, useTranslate } from 'react-admin';
import { proposalReference } from '../../contract/proposalReference';
import type { ProposalDetail, SignLogRecord } from '../../contract/schemas/sign';
import { useProposalTime } from './proposalTime';
import { proposalPagePath } from './proposalPage';
import { useSession } from '../../session';
import { BREAK_ANYWHERE, ProposalSignatures, ProposalTransaction } from './ProposalChainFacts';

const CLOSING = new Set(['executed', 'denied', 'expired', 'superseded']);

/** The closing step: how it ended, who executed it and when, with its transaction, or the signer change that replaced it. */
function Closing({ proposal }: { proposal: ProposalDetail }) {
  const translate = useTranslate();
  const time = useProposalTime();
  const { roleIndex } = useSession();
  // A lite signer reads it under the lite wallets' route: the link stays there.
  const supersededBy = proposal.supersededBy === null ? null : proposalPagePath(roleIndex, proposal.supersededBy);
  return (
    <Box data-testid="timeline-closing">
      <Typography fontWeight={600}>{translate(`multisig.status.${proposal.status}`)}</Typography>
      {proposal.executedAt && (
        <Typography variant="body2" color="text.secondary" data-testid="executed-by">
          {proposal.executedBy
            ? translate('multisig.executedBy', {
                name: proposal.executedByName ?? proposal.executedBy,
                account: proposal.executedBy,
                time: time(proposal.executedAt),
              })
            : time(proposal.executedAt)}
        </Typography>
      )}
      <ProposalTransaction proposal={proposal} />
      {proposal.status === 'superseded' && (
        <>
          <Typography variant="body2">{translate('multisig.superseded.text')}</Typography>
          {supersededBy !== null && (
            <Link to={supersededBy} data-testid="superseded-by">
              {translate('multisig.superseded.link', {
                proposal:
                  proposal.supersededByNonce === null
                    ? ''
                    : proposalReference({ walletLabel: proposal.walletLabel, nonce: proposal.supersededByNonce }),
              })}
            </Link>
          )}
        </>
      )}
    </Box>
  );
}

/** One sign log entry: who did what, when, and what they wrote. */
function LogEntry({ entry }: { entry: SignLogRecord }) {
  const translate = useTranslate();
  const time = useProposalTime();
  const who = entry.actor ? `${entry.actorName ?? entry.actor} (${entry.actor})` : translate('multisig.log.system');
  return (
    <Box component="li" data-testid={`log-${entry.action}`} sx={{ listStyle: 'none' }}>
      <Typography variant="body2" sx={BREAK_ANYWHERE}>
        <strong>{who}</strong> {translate(`multisig.log.action.${entry.action}`, { _: entry.action })}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {time(entry.createdAt)}
      </Typography>
      {entry.comment && (
        <Typography variant="body2" sx={{ fontStyle: 'italic', ...BREAK_ANYWHERE }}>
          “{entry.comment}”
        </Typography>
      )}
    </Box>
  );
}

/**
 * A Safe-style timeline: created → approvals "x of m" with each signer → executed / denied /
 * expired / superseded, then the sign log itself (every action, its actor, time and comment).
 * The signers are the set frozen when the proposal started: a later change of the wallet's
 * signers never changes who decides this proposal (it supersedes it).
 */
export function ProposalTimeline({ proposal }: { proposal: ProposalDetail }) {
  const translate = useTranslate();
  const time = useProposalTime();
  return (
    <Stack spacing={2} sx={{ borderLeft: 2, borderColor: 'divider', pl: 2, my: 2, minWidth: 0 }} data-testid="timeline">
      <Box>
        <Typography fontWeight={600}>{translate('multisig.created')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {proposal.proposer} · {time(proposal.createdAt)}
        </Typography>
      </Box>
      <Box>
        <Typography fontWeight={600}>
          {translate('multisig.approvalsOf', { x: proposal.approvals.length, m: proposal.threshold })}
        </Typography>
        {proposal.approvedAt && (
          <Typography variant="body2" color="text.secondary" data-testid="approved-at">
            {translate('multisig.approvedAt', { time: time(proposal.approvedAt) })}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" data-testid="frozen-signers">
          {translate('multisig.signersWhenStarted', { m: proposal.threshold, n: proposal.signers.length })}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 1 }}>
          {proposal.signers.map((signer) => (
            <Chip
              key={signer.userId}
              data-testid={`signer-${signer.account}`}
              // Once the proposal is closed nobody waits any more: a signer who never voted "did not vote".
              label={`${signer.userName} — ${translate(`multisig.signer.${signer.state === 'waiting' && CLOSING.has(proposal.status) ? 'noVote' : signer.state}`)}`}
              color={signer.state === 'approved' ? 'success' : signer.state === 'denied' ? 'error' : 'default'}
              variant={signer.state === 'waiting' ? 'outlined' : 'filled'}
            />
          ))}
        </Stack>
        <ProposalSignatures proposal={proposal} />
      </Box>
      {CLOSING.has(proposal.status) && <Closing proposal={proposal} />}
      <Box>
        <Typography fontWeight={600}>{translate('multisig.log.title')}</Typography>
        {proposal.log.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('multisig.log.empty')}
          </Typography>
        ) : (
          <Stack component="ol" spacing={1} sx={{ m: 0, mt: 1, p: 0 }} data-testid="sign-log">
            {proposal.log.map((entry) => (
              <LogEntry key={entry.id} entry={entry} />
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
