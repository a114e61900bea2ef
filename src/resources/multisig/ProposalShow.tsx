import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, TextField as MuiTextField, Typography } from '@mui/material';
import { Title, useGetOne, useRefresh, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { ProposalAction } from '../../contract/proposalMachine';
import { proposalReference } from '../../contract/proposalReference';
import type { ProposalDetail } from '../../contract/schemas/sign';
import { isServerError } from '../../shell/errors/isServerError';
import { ServerErrorPage } from '../../shell/errors/statusPages';
import { ProposalActionDialog } from './ProposalActionDialog';
import { ProposalFacts } from './ProposalFacts';
import { ProposalStatusChip } from './ProposalStatusChip';
import { ProposalTimeline } from './ProposalTimeline';
import { useProposalAction } from './proposalActions';
import { nonceFirstText, proposalSummary } from './proposalSummary';
import { useSession } from '../../session';
import { toasts } from '../../shell/toast';
import { approvalSignature } from '../../signing/approvalSignature';
import { SIGNING_KEY_SETUP, useSigningReadiness, type SigningReadiness } from '../../signing/signingReadiness';
import type { ApprovalSignatures } from '../../dataProvider/consoleMethods';

const actionLabels: Record<ProposalAction, string> = { approval: 'multisig.approve', deny: 'multisig.deny', confirm: 'multisig.confirm' };

/** What the approve dialog says when this user cannot sign here: why, and the way to /account's key set-up. */
function missingKey(readiness: SigningReadiness | null) {
  if (!readiness || readiness.state === 'key' || readiness.state === 'wallet') return undefined;
  return {
    reason: readiness.state,
    registered: 'registered' in readiness ? readiness.registered : undefined,
    held: 'held' in readiness ? readiness.held.address : undefined,
    setUp: SIGNING_KEY_SETUP,
  };
}

/** /multisig/:id/show: the proposal, its timeline, and only the buttons this user may press, each confirmed once more. */
export default function ProposalShow() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { id } = useParams();
  // The start call's answer lands in the cache as a partial record: always fetch the detail.
  // No retries, as react-admin's Show: a server fault shows at once, toasted once.
  const { data: proposal, error } = useGetOne<ProposalDetail & { id: number }>(
    'multisig',
    { id: Number(id) },
    { refetchOnMount: 'always', retry: false },
  );
  const [comment, setComment] = useState('');
  const [asked, setAsked] = useState<ProposalAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [passphrase, setPassphrase] = useState('');
  const { account } = useSession();
  const runProposalAction = useProposalAction();
  // Whether this user can sign a Safe approval here: the dialog asks a passphrase only of a key this browser holds.
  const mayApproveSafe = Boolean(proposal?.signing && proposal.myActions?.includes('approval'));
  const readiness = useSigningReadiness(mayApproveSafe);
  if (isServerError(error)) return <ServerErrorPage />;
  if (!proposal?.signers) return null;
  const reference = proposalReference(proposal);
  // A browser wallet chosen on /account signs instead of a key kept here: no passphrase to ask.
  const wallet =
    proposal.signing && readiness?.state === 'wallet'
      ? { address: readiness.held.address, prompts: 1 + proposal.signing.lower.length }
      : undefined;
  const noKey = mayApproveSafe ? missingKey(readiness) : undefined;
  const waitsFor = nonceFirstText(proposal, translate);

  const press = async (action: ProposalAction) => {
    setAsked(null);
    setBusy(true);
    const named = { proposal: reference };
    // On a Safe, approving is signing the Safe transaction with the key this browser holds.
    let signed: ApprovalSignatures | undefined;
    if (action === 'approval' && proposal.signing && account) {
      const made = await approvalSignature(account, proposal.signing, passphrase);
      setPassphrase('');
      if ('failure' in made) {
        toasts.add('error', translate(`multisig.signing.${made.failure}`));
        setBusy(false);
        return;
      }
      signed = made;
    }
    const done = await runProposalAction(action, proposal.proposalId, comment, signed, {
      pending: translate(`multisig.pending.${action}`, named),
      done: translate(`multisig.done.${action}`, named),
    });
    setBusy(false);
    if (done) setComment('');
    refresh();
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={reference} />
      <CardContent>
        <Typography variant="overline" color="text.secondary" component="p" data-testid="proposal-reference">
          {reference}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, mb: 1 }}>
          <Typography variant="h5" component="h2">
            {proposalSummary(proposal, translate)}
          </Typography>
          <ProposalStatusChip status={proposal.status} />
        </Box>
        <ProposalFacts proposal={proposal} />
        {proposal.memo && <Typography sx={{ mt: 1 }}>{proposal.memo}</Typography>}
        {waitsFor && (
          <Typography color="warning.main" sx={{ mt: 1 }}>
            {waitsFor}
          </Typography>
        )}
        {mayApproveSafe && (
          // On a Safe nobody's approval is implied, the proposer's included: the signature is still to give.
          <Alert severity="info" sx={{ mt: 2 }} data-testid="awaits-my-signature">
            {translate(proposal.proposer === account ? 'multisig.awaitsSignature.proposer' : 'multisig.awaitsSignature.signer')}
            {noKey && ` ${translate('multisig.awaitsSignature.noKey')}`}
            {/* Under the words, not beside them: on a phone a side button would squeeze to a word a line. */}
            <Box sx={{ mt: 1 }}>
              <Button variant="outlined" size="small" disabled={busy} onClick={() => setAsked('approval')}>
                {translate('multisig.awaitsSignature.sign')}
              </Button>
            </Box>
          </Alert>
        )}
        <ProposalTimeline proposal={proposal} />
        {proposal.myActions.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <MuiTextField
              size="small"
              label={translate('multisig.comment')}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              sx={{ flex: '1 1 240px', maxWidth: { sm: 360 } }}
            />
            {proposal.myActions.map((action) => (
              <Button
                key={action}
                variant={action === 'deny' ? 'outlined' : 'contained'}
                color={action === 'deny' ? 'error' : 'primary'}
                disabled={busy}
                onClick={() => setAsked(action)}
              >
                {translate(actionLabels[action])}
              </Button>
            ))}
          </Box>
        )}
        <ProposalActionDialog
          action={asked}
          proposal={proposal}
          comment={comment}
          passphrase={proposal.signing && readiness?.state === 'key' ? { value: passphrase, onChange: setPassphrase } : undefined}
          wallet={wallet}
          noKey={noKey}
          onConfirm={(action) => void press(action)}
          onClose={() => {
            setAsked(null);
            setPassphrase('');
          }}
        />
      </CardContent>
    </Card>
  );
}
