import { Box, Chip, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link, useTranslate } from 'react-admin';
import type { ProposalDetail } from '../../contract/schemas/sign';

const txLink = (explorerUrl: string, txHash: string) => `${explorerUrl.replace(/\/$/, '')}/tx/${txHash}`;

const CLOSING = new Set(['executed', 'denied', 'expired', 'superseded']);

/** The closing step: how it ended, with its transaction, or the signer change that replaced it. */
function Closing({ proposal }: { proposal: ProposalDetail }) {
  const translate = useTranslate();
  return (
    <Box data-testid="timeline-closing">
      <Typography fontWeight={600}>{translate(`multisig.status.${proposal.status}`)}</Typography>
      {proposal.executedAt && (
        <Typography variant="body2" color="text.secondary">
          {new Date(proposal.executedAt).toLocaleString()}
        </Typography>
      )}
      {proposal.txHash && (
        <MuiLink href={txLink(proposal.explorerUrl, proposal.txHash)} target="_blank" rel="noreferrer" data-testid="tx-hash">
          {proposal.txHash}
        </MuiLink>
      )}
      {proposal.status === 'superseded' && (
        <>
          <Typography variant="body2">{translate('multisig.superseded.text')}</Typography>
          {proposal.supersededBy !== null && (
            <Link to={`/multisig/${proposal.supersededBy}/show`} data-testid="superseded-by">
              {translate('multisig.superseded.link')}
            </Link>
          )}
        </>
      )}
    </Box>
  );
}

/**
 * A Safe-style timeline: created → approvals "x of m" with each signer → executed / denied /
 * expired / superseded. The signers are the set frozen when the proposal started: a later
 * change of the wallet's signers never changes who decides this proposal (it supersedes it).
 */
export function ProposalTimeline({ proposal }: { proposal: ProposalDetail }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2} sx={{ borderLeft: 2, borderColor: 'divider', pl: 2, my: 2 }} data-testid="timeline">
      <Box>
        <Typography fontWeight={600}>{translate('multisig.created')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {proposal.proposer} · {new Date(proposal.createdAt).toLocaleString()}
        </Typography>
      </Box>
      <Box>
        <Typography fontWeight={600}>{translate('multisig.approvalsOf', { x: proposal.approvals.length, m: proposal.threshold })}</Typography>
        <Typography variant="body2" color="text.secondary" data-testid="frozen-signers">
          {translate('multisig.signersWhenStarted', { m: proposal.threshold, n: proposal.signers.length })}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
          {proposal.signers.map((signer) => (
            <Chip
              key={signer.userId}
              data-testid={`signer-${signer.account}`}
              label={`${signer.userName} — ${translate(`multisig.signer.${signer.state}`)}`}
              color={signer.state === 'approved' ? 'success' : signer.state === 'denied' ? 'error' : 'default'}
              variant={signer.state === 'waiting' ? 'outlined' : 'filled'}
            />
          ))}
        </Stack>
      </Box>
      {CLOSING.has(proposal.status) && <Closing proposal={proposal} />}
    </Stack>
  );
}
