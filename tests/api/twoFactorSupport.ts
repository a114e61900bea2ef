import { Secret, TOTP } from 'otpauth';
import type { TestServer } from './harness';
import { ApiPath } from '../../src/contract/apiPaths';
import type { TwoFactorEnrolment, TwoFactorRecoveryCodes } from '../../src/contract/schemas/twoFactor';

/**
 * A test's view of the server clock and an authenticator app. The server refuses a TOTP step it
 * accepted before (replay), so each code is taken a step (30 s) later on the server's clock than
 * the last one instead of waiting for real time to pass. The codes are read off the server's own
 * clock (`server.now()`), so any number of authenticators and `advanceClock` calls on one server agree.
 */
export function authenticator(server: TestServer) {
  const serverNow = () => server.now().getTime();
  const advance = (ms: number) => server.advanceClock(ms);
  /** The code of the current step on the server's clock. */
  const codeNow = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: serverNow() });
  /** Moves the server clock one step on, then the code of that step: never a replay of an earlier code. */
  const freshCode = (secret: string) => {
    advance(30_000);
    return codeNow(secret);
  };
  return { serverNow, advance, codeNow, freshCode };
}
export type Authenticator = ReturnType<typeof authenticator>;

/** Enrols the session's user: start, confirm with a code; returns the secret and the recovery codes. */
export async function enrol(server: TestServer, app: Authenticator, token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await server.call<TwoFactorEnrolment>('POST', ApiPath.account.twoFactor.start, { token });
  if (started.code !== 200) throw new Error(`start failed: ${started.msg}`);
  const confirmed = await server.call<TwoFactorRecoveryCodes>('POST', ApiPath.account.twoFactor.confirm, {
    token,
    body: { code: app.freshCode(started.data.secret) },
  });
  if (confirmed.code !== 200) throw new Error(`confirm failed: ${confirmed.msg}`);
  return { secret: started.data.secret, recoveryCodes: confirmed.data.recoveryCodes };
}
