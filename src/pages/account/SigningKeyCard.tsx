import { useEffect, useRef, useState } from 'react';
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
import { browserWallet, WalletProblem, walletSigner } from '../../signing/browserWallet';
import { isInjected, normalPrivateKey, sealKey, storedKey, storeKey, type HeldKey } from '../../signing/keyVault';

type Source = 'create' | 'import' | 'demo' | 'wallet';
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
 * account whose registered key is its demo key may take that key into this browser. A browser
 * with its own wallet (EIP-1193) may sign with the wallet's account instead: the wallet signs the
 * proof, and this browser keeps only which address it is.
 */
export function SigningKeyCard() {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  const { account } = useSession();
  const [held, setHeld] = useState(() => (account ? storedKey(account) : null));
  const { data: state } = useQuery({
    queryKey: consoleKey('signingKeyState', null),
    queryFn: ({ signal }) => dataProvider.signingKeyState({ signal }),
    ...CONSOLE_QUERY,
  });
  const register = useMutation({ mutationFn: dataProvider.registerSigningKey });
  const demoKey = account ? demoSigningKey(account) : null;
  const hasWallet = browserWallet() !== null;
  const demoRegistered = demoKey !== null && state?.address?.toLowerCase() === privateKeyToAccount(demoKey).address.toLowerCase();
  // The approve dialog sends a signer without a key here (/account#signing-key): the card comes into view.
  const cardRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (window.location.hash === '#signing-key') cardRef.current?.scrollIntoView({ block: 'start' });
  }, []);

  const check = (values: Record<string, unknown>) => {
    const v = values as Partial<Values>;
    const errors: Record<string, string> = {};
    if (v.source === 'import' && !normalPrivateKey(v.privateKey ?? '')) errors.privateKey = translate('account.signingKey.badPrivateKey');
    if (v.source === 'wallet') return errors;
    if ((v.passphrase ?? '').length < MIN_PASSPHRASE)
      errors.passphrase = translate('account.signingKey.shortPassphrase', { min: MIN_PASSPHRASE });
    if (v.confirmPassphrase !== v.passphrase) errors.confirmPassphrase = translate('account.signingKey.mismatch');
    return errors;
  };

  /** Registers `address` unless it is the one registered already, proving it with `sign`; then keeps `held`. */
  const keep = async (address: string, sign: (message: string) => Promise<Hex>, held: () => Promise<HeldKey>, saved: string) => {
    if (!account) return;
    // Registered first: a key the server refused (another user's, a signer's key in use) is not kept.
    if (state?.address?.toLowerCase() !== address.toLowerCase()) {
      const signature = await sign(signingKeyProof(account, address));
      await register.mutateAsync({ address, signature });
    }
    const kept = await held();
    storeKey(account, kept);
    setHeld(kept);
    toasts.add('success', translate(saved, { address }));
    await queryClient.invalidateQueries({ queryKey: consoleKeyPrefix('signingKeyState') });
  };

  const save = async (values: Record<string, unknown>) => {
    if (!account) return;
    const v = values as unknown as Values;
    if (v.source === 'wallet') {
      try {
        const wallet = await walletSigner();
        await keep(
          wallet.address,
          wallet.signMessage,
          async () => ({ version: 1, kind: 'injected', address: wallet.address }),
          'account.signingKey.savedWallet',
        );
      } catch (error) {
        // A wallet that said no is named; the HTTP client has toasted the server's refusals.
        if (error instanceof WalletProblem) toasts.add('error', translate(`multisig.signing.${error.failure}`));
      }
      return;
    }
    const privateKey: Hex | null =
      v.source === 'create' ? generatePrivateKey() : v.source === 'demo' ? demoKey : normalPrivateKey(v.privateKey);
    if (!privateKey) return;
    const signer = privateKeyToAccount(privateKey);
    try {
      await keep(
        signer.address,
        (message) => signer.signMessage({ message }),
        () => sealKey(privateKey, v.passphrase),
        'account.signingKey.saved',
      );
    } catch {
      // The HTTP client has toasted the server's message.
    }
  };

  const sources: Array<{ id: Source; name: string }> = [
    { id: 'create', name: translate('account.signingKey.create') },
    { id: 'import', name: translate('account.signingKey.import') },
    ...(demoRegistered ? [{ id: 'demo' as const, name: translate('account.signingKey.demo') }] : []),
    ...(hasWallet ? [{ id: 'wallet' as const, name: translate('account.signingKey.wallet') }] : []),
  ];
  return (
    <Card id="signing-key" ref={cardRef}>
      <CardContent aria-labelledby="account-signing-key">
        <Typography variant="h6" component="h2" id="account-signing-key" gutterBottom>
          {translate('account.signingKey.title')}
        </Typography>
        <Typography data-testid="signing-key-registered" sx={{ wordBreak: 'break-all' }}>
          {state?.address ? translate('account.signingKey.registered', { address: state.address }) : translate('account.signingKey.none')}
        </Typography>
        <Typography data-testid="signing-key-held" color="text.secondary" sx={{ mb: 1, wordBreak: 'break-all' }}>
          {held
            ? translate(isInjected(held) ? 'account.signingKey.heldWallet' : 'account.signingKey.held', { address: held.address })
            : translate('account.signingKey.notHeld')}
        </Typography>
        {/* Shown once the registered key is known: its defaults depend on it (the demo key), and a form
            whose defaults change resets, dropping a choice made meanwhile. */}
        {state !== undefined && (
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
              <FormDataConsumer<Values>>
                {({ formData }) =>
                  formData.source === 'import' && (
                    <PasswordInput source="privateKey" label={translate('account.signingKey.privateKey')} autoComplete="off" fullWidth />
                  )
                }
              </FormDataConsumer>
              <FormDataConsumer<Values>>
                {({ formData }) =>
                  formData.source === 'wallet' ? (
                    <Typography variant="body2" sx={{ mb: 2 }}>
                      {translate('account.signingKey.walletHelp')}
                    </Typography>
                  ) : (
                    <>
                      <PasswordInput
                        source="passphrase"
                        label={translate('account.signingKey.passphrase')}
                        helperText={translate('account.signingKey.passphraseHelp')}
                        autoComplete="new-password"
                        fullWidth
                      />
                      <PasswordInput
                        source="confirmPassphrase"
                        label={translate('account.signingKey.confirmPassphrase')}
                        autoComplete="new-password"
                        fullWidth
                      />
                    </>
                  )
                }
              </FormDataConsumer>
              <div>
                <Button type="submit" variant="contained" disabled={register.isPending}>
                  {translate('account.signingKey.keep')}
                </Button>
              </div>
            </Stack>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
