import { useQuery } from '@tanstack/react-query';
import { useSession } from '../session';
import { CONSOLE_QUERY, consoleKey, useConsoleDataProvider } from '../shell/consoleQuery';
import { isInjected, storedKey, type HeldKey } from './keyVault';

/** Where /account sets up a signing key: the page, scrolled to its card. */
export const SIGNING_KEY_SETUP = '/account#signing-key';

/**
 * Whether this user can sign a Safe approval here (docs/chains.md "Signers' keys"), from what the
 * server has registered (`signingKeyState`, the query /account reads) and what this browser holds:
 * - `key`: a sealed key that is the registered one (or the server's answer is not in yet): ask its passphrase;
 * - `wallet`: the browser wallet's account signs: no passphrase;
 * - `none`: no key anywhere; `elsewhere`: one is registered but another browser holds it;
 * - `mismatch`: this browser holds a key the server no longer takes as this user's.
 * The last three sign nothing: the console says so and points to /account instead of asking a passphrase.
 */
export type SigningReadiness =
  | { state: 'key' | 'wallet'; held: HeldKey }
  | { state: 'none' }
  | { state: 'elsewhere'; registered: string }
  | { state: 'mismatch'; registered: string; held: HeldKey };

export function signingReadiness(held: HeldKey | null, registered: string | null | undefined): SigningReadiness {
  if (!held) return registered ? { state: 'elsewhere', registered } : { state: 'none' };
  if (registered && registered.toLowerCase() !== held.address.toLowerCase()) return { state: 'mismatch', registered, held };
  if (registered === null) return { state: 'none' };
  return { state: isInjected(held) ? 'wallet' : 'key', held };
}

/** This user's readiness to sign, read once per page (the server's part shares /account's cached query). */
export function useSigningReadiness(enabled: boolean): SigningReadiness | null {
  const dataProvider = useConsoleDataProvider();
  const { account } = useSession();
  const { data } = useQuery({
    queryKey: consoleKey('signingKeyState', null),
    queryFn: ({ signal }) => dataProvider.signingKeyState({ signal }),
    enabled,
    ...CONSOLE_QUERY,
  });
  if (!enabled || !account) return null;
  return signingReadiness(storedKey(account), data === undefined ? undefined : (data.address ?? null));
}
