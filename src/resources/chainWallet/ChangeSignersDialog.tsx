import { useMemo } from 'react';
import { Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { AutocompleteArrayInput, Button, CreateBase, Form, NumberInput, SaveButton, TextInput, useTranslate } from 'react-admin';
import { validate } from '../../contract/validation';
import { signStartBody } from '../../contract/schemas/sign';
import type { ChainWalletRecord } from '../../contract/schemas/chainWallet';
import { useFieldChoices } from '../engine/views/useChoices';
import type { FieldDeclaration } from '../engine/types';
import { useProposalStarted } from '../multisig/proposalStarted';
import { currentSignerIds, isUnchanged, signerChangeBody } from './signerChange';

/** The org's members, and the wallet's own signers (one may have left the org since). */
const MEMBERS: FieldDeclaration = { source: 'signers', kind: 'referenceList', reference: 'member' };

/**
 * Proposes new signers and a threshold for a multisig wallet: a `governance` proposal its
 * current signers decide like any other; the page then moves to that proposal. Checked
 * with the shared sign start schema first, in the server's words.
 */
export function ChangeSignersDialog({ wallet, onClose }: { wallet: ChainWalletRecord; onClose: () => void }) {
  const translate = useTranslate();
  const { choices, isPending } = useFieldChoices(MEMBERS, { orgId: wallet.orgId });
  const defaultValues = useMemo(() => ({ signers: currentSignerIds(wallet), threshold: wallet.threshold, memo: '' }), [wallet]);
  const started = useProposalStarted();

  const check = (values: Record<string, unknown>) => {
    const body = signerChangeBody(wallet.id, values);
    const result = validate(signStartBody, body);
    if (!result.ok)
      return Object.fromEntries(
        Object.entries(result.errors).map(([path, m]) => [path.split('.')[0] || 'root', translate(m.key, { _: m.key, ...m.params })]),
      );
    return isUnchanged(wallet, body) ? { signers: translate('validation.signersUnchanged') } : {};
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="change-signers-title">
      <DialogTitle id="change-signers-title">{translate('multisig.governance.title', { wallet: wallet.label })}</DialogTitle>
      {/* Not the start form's access: any current signer may propose a change, also one who may start no money kind. */}
      <CreateBase
        resource="multisig"
        mutationOptions={started}
        disableAuthentication
        transform={(values: Record<string, unknown>) => signerChangeBody(wallet.id, values)}
      >
        <Form defaultValues={defaultValues} validate={check}>
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {translate('multisig.governance.intro')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="current-signers">
              {translate('multisig.governance.now', {
                set: translate('multisig.mOfN', { m: wallet.threshold ?? '?', n: wallet.signers.length }),
                names: wallet.signers.map((s) => s.userName).join(', '),
              })}
            </Typography>
            <AutocompleteArrayInput source="signers" choices={choices} isPending={isPending} fullWidth />
            <NumberInput source="threshold" min={1} step={1} />
            <TextInput source="memo" fullWidth multiline />
          </DialogContent>
          <DialogActions>
            <Button label="ra.action.cancel" onClick={onClose} />
            <SaveButton label="multisig.governance.submit" />
          </DialogActions>
        </Form>
      </CreateBase>
    </Dialog>
  );
}
