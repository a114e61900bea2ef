import { useState } from 'react';
import { Box, Button, Card, CardContent, Chip, Link as MuiLink, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { Title, useGetOne, useRefresh, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { ProposalAction } from '../../contract/proposalMachine';
import type { ProposalDetail } from '../../contract/schemas/sign';
import { isServerError } from '../../shell/errors/isServerError';
import { ServerErrorPage } from '../../shell/errors/statusPages';
import { ProposalStatusChip } from './ProposalStatusChip';
import { runProposalAction } from './proposalActions';

const txLink = (explorerUrl: string, txHash: string) => `${explorerUrl.replace(/\/$/, '')}/tx/${txHash}`;

/** A Safe-style timeline: created → approvals "x of m" with each signer → executed / denied / expired. */
function Timeline({ proposal }: { proposal: ProposalDetail }) {
  const translate = useTranslate();
  const closing = proposal.status === 'executed' || proposal.status === 'denied' || proposal.status === 'expired';
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
      {closing && (
        <Box>
          <Typography fontWeight={600}>{translate(`multisig.status.${proposal.status}`)}</Typography>
          {proposal.txHash && (
            <MuiLink href={txLink(proposal.explorerUrl, proposal.txHash)} target="_blank" rel="noreferrer" data-testid="tx-hash">
              {proposal.txHash}
            </MuiLink>
          )}
        </Box>
      )}
    </Stack>
  );
}

const actionLabels: Record<ProposalAction, string> = { approval: 'multisig.approve', deny: 'multisig.deny', confirm: 'multisig.confirm' };

/** /multisig/:id/show: the proposal, its timeline, and only the buttons this user may press. */
export default function ProposalShow() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { id } = useParams();
  // The start call's answer lands in the cache as a partial record: always fetch the detail.
  // No retries, as react-admin's Show: a server fault shows at once, toasted once.
  const { data: proposal, error } = useGetOne<ProposalDetail & { id: number }>('multisig', { id: Number(id) }, { refetchOnMount: 'always', retry: false });
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  if (isServerError(error)) return <ServerErrorPage />;
  if (!proposal?.signers) return null;

  const press = async (action: ProposalAction) => {
    setBusy(true);
    const done = await runProposalAction(action, proposal.proposalId, comment, {
      pending: translate(`multisig.pending.${action}`),
      done: translate(`multisig.done.${action}`),
    });
    setBusy(false);
    if (done) setComment('');
    refresh();
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={`${translate('menu.multisig')} #${proposal.nonce}`} />
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Typography variant="h5" component="h1">
            {translate(`multisig.kind.${proposal.kind}`)} {proposal.amount} {proposal.symbol}
          </Typography>
          <ProposalStatusChip status={proposal.status} />
        </Box>
        <Typography color="text.secondary">
          {proposal.walletLabel} · {translate('multisig.nonce')} {proposal.nonce} · {translate('multisig.to')} {proposal.to}
        </Typography>
        {proposal.memo && <Typography sx={{ mt: 1 }}>{proposal.memo}</Typography>}
        {proposal.blockedByNonce !== null && (
          <Typography color="warning.main" sx={{ mt: 1 }}>
            {translate('multisig.nonceFirst', { nonce: proposal.blockedByNonce })}
          </Typography>
        )}
        <Timeline proposal={proposal} />
        {proposal.myActions.length > 0 && (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <MuiTextField size="small" label={translate('multisig.comment')} value={comment} onChange={(e) => setComment(e.target.value)} sx={{ width: 320 }} />
            {proposal.myActions.map((action) => (
              <Button key={action} variant={action === 'deny' ? 'outlined' : 'contained'} color={action === 'deny' ? 'error' : 'primary'} disabled={busy} onClick={() => void press(action)}>
                {translate(actionLabels[action])}
              </Button>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
