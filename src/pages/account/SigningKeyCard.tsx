import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Form, FormDataConsumer, PasswordInput, RadioButtonGroupInput, useTranslate } from 'react-admin';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import { demoSigningKey } from '../../contract/demoSigningKey';
import { signingKeyProof } from '../../contract/schemas/signingKey';
import { useSession } from '../../session';
import { CONSOLE_QUERY, consoleKey, consoleKeyPrefix, useConsoleDataProvider } from '../../shell/consoleQuery';
import { toasts } from '../../shell/toast';
import { normalPrivateKey, sealKey, storedKey, storeKey } from '../../signing/keyVault';

type Source = 'create' | 'import' | 'demo';
interface Values {
  source: Source;
  privateKey: string;
  passphrase: string;
  confirmPassphrase: string;
}
/** Long enough that guessing it against the stolen ciphertext costs more than it is worth at 600,000 PBKDF2 rounds. */
export const MIN_PASSPHRASE = 10;

/**
 * /account's signing key (docs/chains.md "Signers' keys"): the key that signs this user's approvals
 * of proposals on Safe wallets. It is made here or imported, kept in this browser encrypted under a
 * passphrase (never sent), and its address registered with the server with a signed proof. A demo
 * account whose registered key is its demo key may take that key into this browser.
 */
export function SigningKeyCard() {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  const { account } = useSession();
  const [held, setHeld] = useState(() => (account ? storedKey(account) : null));
  const { data: state } = useQuery({ queryKey: consoleKey('signingKeyState', null), queryFn: ({ signal }) => dataProvider.signingKeyState({ signal }), ...CONSOLE_QUERY });
  const register = useMutation({ mutationFn: dataProvider.registerSigningKey });
  const demoKey = account ? demoSigningKey(account) : null;
  const demoRegistered = demoKey !== null && state?.address?.toLowerCase() === privateKeyToAccount(demoKey).address.toLowerCase();

  const check = (values: Record<string, unknown>) => {
    const v = values as Partial<Values>;
    const errors: Record<string, string> = {};
    if (v.source === 'import' && !normalPrivateKey(v.privateKey ?? '')) errors.privateKey = translate('account.signingKey.badPrivateKey');
    if ((v.passphrase ?? '').length < MIN_PASSPHRASE) errors.passphrase = translate('account.signingKey.shortPassphrase', { min: MIN_PASSPHRASE });
    if (v.confirmPassphrase !== v.passphrase) errors.confirmPassphrase = translate('account.signingKey.mismatch');
    return errors;
  };

  const save = async (values: Record<string, unknown>) => {
    if (!account) return;
    const v = values as unknown as Values;
    const privateKey: Hex | null = v.source === 'create' ? generatePrivateKey() : v.source === 'demo' ? demoKey : normalPrivateKey(v.privateKey);
    if (!privateKey) return;
    const signer = privateKeyToAccount(privateKey);
    try {
      // Registered first: a key the server refused (another user's, a signer's key in use) is not kept.
      if (state?.address?.toLowerCase() !== signer.address.toLowerCase()) {
        const signature = await signer.signMessage({ message: signingKeyProof(account, signer.address) });
        await register.mutateAsync({ address: signer.address, signature });
      }
      const sealed = await sealKey(privateKey, v.passphrase);
      storeKey(account, sealed);
      setHeld(sealed);
      toasts.add('success', translate('account.signingKey.saved', { address: signer.address }));
      await queryClient.invalidateQueries({ queryKey: consoleKeyPrefix('signingKeyState') });
    } catch {
      // The HTTP client has toasted the server's message.
    }
  };

  const sources: Array<{ id: Source; name: string }> = [
    { id: 'create', name: translate('account.signingKey.create') },
    { id: 'import', name: translate('account.signingKey.import') },
    ...(demoRegistered ? [{ id: 'demo' as const, name: translate('account.signingKey.demo') }] : []),
  ];
  return (
    <Card>
      <CardContent aria-labelledby="account-signing-key">
        <Typography variant="h6" component="h2" id="account-signing-key" gutterBottom>
          {translate('account.signingKey.title')}
        </Typography>
        <Typography data-testid="signing-key-registered" sx={{ wordBreak: 'break-all' }}>
          {state?.address ? translate('account.signingKey.registered', { address: state.address }) : translate('account.signingKey.none')}
        </Typography>
        <Typography data-testid="signing-key-held" color="text.secondary" sx={{ mb: 1, wordBreak: 'break-all' }}>
          {held ? translate('account.signingKey.held', { address: held.address }) : translate('account.signingKey.notHeld')}
        </Typography>
        <Form
          key={held?.address ?? 'none'}
          defaultValues={{ source: demoRegistered && !held ? 'demo' : 'create', privateKey: '', passphrase: '', confirmPassphrase: '' }}
          validate={check}
          onSubmit={save}
          noValidate
          disableInvalidFormNotification
        >
          <Stack spacing={0}>
            <RadioButtonGroupInput source="source" label={translate('account.signingKey.source')} choices={sources} helperText={false} />
            <FormDataConsumer<Values>>{({ formData }) => formData.source === 'import' && <PasswordInput source="privateKey" label={translate('account.signingKey.privateKey')} autoComplete="off" fullWidth />}</FormDataConsumer>
            <PasswordInput source="passphrase" label={translate('account.signingKey.passphrase')} helperText={translate('account.signingKey.passphraseHelp')} autoComplete="new-password" fullWidth />
            <PasswordInput source="confirmPassphrase" label={translate('account.signingKey.confirmPassphrase')} autoComplete="new-password" fullWidth />
            <div>
              <Button type="submit" variant="contained" disabled={register.isPending}>
                {translate('account.signingKey.keep')}
              </Button>
            </div>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}
