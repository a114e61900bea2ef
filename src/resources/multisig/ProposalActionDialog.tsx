import { Alert, Box, TextField, Typography } from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ProposalAction } from '../../contract/proposalMachine';
import { proposalReference } from '../../contract/proposalReference';
import type { ProposalDetail } from '../../contract/schemas/sign';
import { ProposalFacts } from './ProposalFacts';
import { proposalSummary } from './proposalSummary';

const TEXT: Record<ProposalAction, { title: string; intro: string; button: string }> = {
  approval: { title: 'multisig.dialog.approvalTitle', intro: 'multisig.dialog.approvalIntro', button: 'multisig.dialog.approvalButton' },
  deny: { title: 'multisig.dialog.denyTitle', intro: 'multisig.dialog.denyIntro', button: 'multisig.dialog.denyButton' },
  confirm: { title: 'multisig.dialog.confirmTitle', intro: 'multisig.dialog.confirmIntro', button: 'multisig.dialog.confirmButton' },
};

interface ProposalActionDialogProps {
  /** The action asked for; null keeps the dialog closed. */
  action: ProposalAction | null;
  proposal: ProposalDetail;
  comment: string;
  onConfirm: (action: ProposalAction) => void;
  onClose: () => void;
  /** An approval on a Safe is signed: the passphrase of the key this browser holds, asked here. */
  passphrase?: { value: string; onChange: (value: string) => void };
  /** An approval on a Safe signed by the browser's wallet instead: its account, and how many signatures it will ask. */
  wallet?: { address: string; prompts: number };
  /**
   * An approval on a Safe this user cannot sign here (src/signing/signingReadiness.ts): why, and
   * where to go. The dialog says so and its button leads to /account's key set-up; no passphrase.
   */
  noKey?: { reason: 'none' | 'elsewhere' | 'mismatch'; registered?: string; held?: string; setUp: string };
}

/**
 * Approve, deny and confirm each ask once more, naming the proposal as every screen does and
 * repeating what it does (amount, currency, destination, fee, nonce and wallet, or the signer
 * change) as the server holds it: a click on the wrong row or a page that changed underneath
 * is caught before the call.
 */
export function ProposalActionDialog({
  action,
  proposal,
  comment,
  onConfirm,
  onClose,
  passphrase,
  wallet,
  noKey,
}: ProposalActionDialogProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const text = TEXT[action ?? 'approval'];
  const blocked = action === 'approval' && noKey !== undefined;
  return (
    <Confirm
      isOpen={action !== null}
      title={text.title}
      titleTranslateOptions={{ proposal: proposalReference(proposal), what: proposalSummary(proposal, translate) }}
      content={
        <Box data-testid="proposal-action-dialog">
          {!blocked && <Typography sx={{ mb: 1 }}>{translate(text.intro)}</Typography>}
          {/* Without a key there is nothing to check before signing: the dialog says what to do instead. */}
          {!blocked && <ProposalFacts proposal={proposal} showZeroFee />}
          {comment.trim() && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {translate('multisig.dialog.comment', { comment: comment.trim() })}
            </Typography>
          )}
          {blocked && (
            <Alert severity="warning" sx={{ mt: 2, overflowWrap: 'anywhere' }} data-testid="no-signing-key">
              {translate(`multisig.noKey.${noKey.reason}`, { registered: noKey.registered ?? '', held: noKey.held ?? '' })}
            </Alert>
          )}
          {passphrase && action === 'approval' && !blocked && (
            <>
              <Typography variant="body2" sx={{ mt: 2 }}>
                {translate('multisig.dialog.signIntro')}
              </Typography>
              <TextField
                type="password"
                label={translate('account.signingKey.passphrase')}
                value={passphrase.value}
                onChange={(e) => passphrase.onChange(e.target.value)}
                autoComplete="current-password"
                autoFocus
                fullWidth
              />
            </>
          )}
          {wallet && action === 'approval' && (
            <Typography variant="body2" sx={{ mt: 2 }} data-testid="wallet-sign-intro">
              {translate('multisig.dialog.walletIntro', { address: wallet.address, count: wallet.prompts })}
            </Typography>
          )}
        </Box>
      }
      confirm={blocked ? 'multisig.noKey.setUp' : text.button}
      confirmColor={action === 'deny' ? 'warning' : 'primary'}
      onConfirm={() => (blocked ? navigate(noKey.setUp) : action && onConfirm(action))}
      onClose={onClose}
    />
  );
}
