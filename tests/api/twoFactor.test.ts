import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { type TestServer } from './harness';
import { authenticator, enrol, type Authenticator } from './twoFactorSupport';
import { DEMO_PASSWORD } from '../../server/db/seed/demoData';
import { demoTronAddress } from '../../server/db/seed/wallets';
import { startSignServer } from './signSupport';
import { ApiPath } from '../../src/contract/apiPaths';
import { hashSessionToken } from '../../server/credentials/sessionToken';
import { BodyCode } from '../../src/contract/envelope';
import type { SessionInfo } from '../../src/contract/schemas/auth';
import type { TwoFactorEnrolment, TwoFactorState } from '../../src/contract/schemas/twoFactor';
import type { BrandConfig } from '../../src/contract/schemas/brand';

let server: TestServer, app: Authenticator, wallets: Record<string, number>;
beforeAll(async () => {
  ({ server, wallets } = await startSignServer());
  app = authenticator(server);
});
afterAll(() => server?.close());

const paths = ApiPath.account.twoFactor;
const login = (account: string, code?: string, password = DEMO_PASSWORD) =>
  server.call<SessionInfo & Record<string, string>>('POST', ApiPath.auth.login, { body: { account, password, code } });
const signInWith = async (account: string, code: string) => {
  const res = await login(account, code);
  if (res.code !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res)}`);
  return res.data.token!;
};
const stepUp = (token: string, code: string) => server.call<Record<string, string>>('POST', paths.stepUp, { token, body: { code } });
const state = (token: string) => server.call<TwoFactorState>('GET', paths.state, { token });
const act = (token: string, action: 'approval' | 'deny' | 'confirm', proposalId: number) =>
  server.call('POST', ApiPath.sign[action], { token, body: { proposalId, comment: '' } });
const governance = (token: string) =>
  server.call('POST', ApiPath.sign.start, {
    token,
    body: { walletId: wallets['Aurora cold'], kind: 'governance', signers: [999_998, 999_999], threshold: 1, memo: '' },
  });
const changePassword = (token: string) =>
  server.call('POST', ApiPath.account.password, {
    token,
    body: { currentPassword: 'not the password 1', newPassword: 'another password 2' },
  });
/**
 * Code failures count per account for 15 minutes of real time (the database's clock, not the
 * test's): tests that mean to type wrong codes start from none.
 */
const forgetCodeFailures = () => sql`delete from rate_limit_counter`.execute(server.app.context.db);
/** A proposal id no wallet has: past the step-up gate the handler answers 404, so 428 tells the gate apart. */
const NO_PROPOSAL = 999_999;

describe('enrolment and sign-in', () => {
  let secret = '';
  let recoveryCodes: string[] = [];
  beforeEach(forgetCodeFailures);

  it('starts with a secret and an otpauth URI, confirms with a code, and shows ten recovery codes once', async () => {
    const token = await server.login('merchantProFinance');
    expect((await state(token)).data).toMatchObject({ enrolled: false, required: false });
    const started = await server.call<TwoFactorEnrolment>('POST', paths.start, { token });
    expect(started.data.uri).toMatch(/^otpauth:\/\/totp\/.*merchantProFinance\?.*secret=/);
    expect(started.data.uri).toContain(started.data.secret);
    // A wrong first code leaves the user unenrolled.
    const wrong = await server.call<Record<string, string>>('POST', paths.confirm, { token, body: { code: '000000' } });
    expect(wrong).toMatchObject({ code: 400, data: { code: expect.any(String) } });
    expect((await state(token)).data.enrolled).toBe(false);
    const confirmed = await server.call<{ recoveryCodes: string[] }>('POST', paths.confirm, {
      token,
      body: { code: app.freshCode(started.data.secret) },
    });
    expect(confirmed.code).toBe(200);
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.data.recoveryCodes).size).toBe(10);
    secret = started.data.secret;
    recoveryCodes = confirmed.data.recoveryCodes;
    expect((await state(token)).data).toMatchObject({ enrolled: true, recoveryCodesLeft: 10 });
    // Stored hashed: no recovery code is in the table in the clear.
    const stored = await server.app.context.db.selectFrom('twoFactorRecoveryCode').select('codeHash').execute();
    expect(stored.some((row) => recoveryCodes.includes(row.codeHash))).toBe(false);
    // Once enrolled, starting again is refused (disable first) and the secret is never shown again.
    expect((await server.call('POST', paths.start, { token })).code).toBe(BodyCode.conflict);
    expect(JSON.stringify((await state(token)).data)).not.toContain(secret);
  });

  it('sign-in asks for the code: none → 400 on code, wrong → 400 on code, right → a session that /me describes', async () => {
    const none = await login('merchantProFinance');
    expect(none).toMatchObject({ code: 400, data: { code: 'Enter the code from your authenticator app.' } });
    expect(none.data.token).toBeUndefined();
    const wrongPassword = await login('merchantProFinance', app.codeNow(secret), 'wrong password 1');
    expect(wrongPassword.code).toBe(BodyCode.unauthorized);
    const wrong = await login('merchantProFinance', '123456');
    expect(wrong).toMatchObject({ code: 400, data: { code: expect.any(String) } });
    const right = await login('merchantProFinance', app.freshCode(secret));
    expect(right).toMatchObject({ code: 200, data: { token: expect.any(String), twoFactor: { enrolled: true, required: false } } });
    const me = await server.call<SessionInfo>('GET', ApiPath.auth.me, { token: right.data.token });
    expect(me.data.twoFactor).toEqual({ enrolled: true, required: false });
  });

  it('refuses a replayed code: the same code twice, or an older step after a newer one', async () => {
    const code = app.freshCode(secret);
    expect((await login('merchantProFinance', code)).code).toBe(200);
    expect((await login('merchantProFinance', code)).code).toBe(400);
    const older = app.codeNow(secret);
    app.advance(30_000);
    expect((await login('merchantProFinance', app.codeNow(secret))).code).toBe(200);
    // `older` is still within the one-step tolerance of the clock, but its step is behind the accepted one.
    expect((await login('merchantProFinance', older)).code).toBe(400);
  });

  it('takes a recovery code once, in any case and with or without the dash', async () => {
    const [first, second] = recoveryCodes;
    expect((await login('merchantProFinance', first.toLowerCase().replace('-', ''))).code).toBe(200);
    expect((await login('merchantProFinance', first)).code).toBe(400);
    const token = await signInWith('merchantProFinance', second);
    expect((await state(token)).data.recoveryCodesLeft).toBe(8);
  });

  it('disabling needs the password and a current code', async () => {
    const token = await signInWith('merchantProFinance', app.freshCode(secret));
    const disable = (body: unknown) => server.call<Record<string, string>>('POST', paths.disable, { token, body });
    expect(await disable({ password: 'wrong password 1', code: app.freshCode(secret) })).toMatchObject({
      code: 400,
      data: { password: expect.any(String) },
    });
    expect(await disable({ password: DEMO_PASSWORD, code: '000000' })).toMatchObject({ code: 400, data: { code: expect.any(String) } });
    expect((await state(token)).data.enrolled).toBe(true);
    expect((await disable({ password: DEMO_PASSWORD, code: app.freshCode(secret) })).code).toBe(200);
    expect((await state(token)).data.enrolled).toBe(false);
    // Signed in with the password alone again.
    expect((await login('merchantProFinance')).code).toBe(200);
  });

  it('the audit trail names enrolment, turning off and wrong codes, and never holds the secret or a recovery code', async () => {
    const events = await sql<{
      action: string;
      text: string;
    }>`select action, coalesce(before::text, '') || coalesce(after::text, '') as text from audit_event`.execute(server.app.context.db);
    const actions = new Set(events.rows.map((row) => row.action));
    for (const action of ['twoFactorEnrol', 'twoFactorDisable', 'twoFactorFailed']) expect(actions).toContain(action);
    expect(events.rows.some((row) => row.text.includes(secret) || recoveryCodes.some((code) => row.text.includes(code)))).toBe(false);
  });
});

describe('the authenticator entry', () => {
  const started = async (token: string) => new URL((await server.call<TwoFactorEnrolment>('POST', paths.start, { token })).data.uri);
  const setBrandName = async (brandName: string) => {
    const operator = await server.login('superAdmin');
    const brand = (await server.call<BrandConfig>('GET', ApiPath.brand.get)).data;
    expect((await server.call('POST', ApiPath.brand.update, { token: operator, body: { ...brand, brandName } })).code).toBe(200);
  };

  it('is named by the brand the console shows, in the label and the issuer, and follows a change of brand', async () => {
    const token = await server.login('multiOrg');
    const brandName = (await server.call<BrandConfig>('GET', ApiPath.brand.get)).data.brandName;
    expect(brandName).toBe('Custodia');
    const uri = await started(token);
    expect(uri.searchParams.get('issuer')).toBe('Custodia');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Custodia:multiOrg');
    expect(uri.href).not.toContain('Custody%20Console');

    await setBrandName('Northwind Custody');
    const renamed = await started(token);
    expect(renamed.searchParams.get('issuer')).toBe('Northwind Custody');
    expect(decodeURIComponent(renamed.pathname)).toBe('/Northwind Custody:multiOrg');
    // A colon would split the label's issuer from the account in an authenticator app: it reads as a space.
    await setBrandName('Acme: Pay');
    expect((await started(token)).searchParams.get('issuer')).toBe('Acme Pay');
    await setBrandName(brandName);
  });
});

describe('the code limit per account', () => {
  it('after five wrong codes even the right one is refused (429), whatever the address', async () => {
    const token = await server.login('merchantLiteEmployee');
    const { secret } = await enrol(server, app, token);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const res = await server.call('POST', ApiPath.auth.login, {
        body: { account: 'merchantLiteEmployee', password: DEMO_PASSWORD, code: '000000' },
        remoteAddress: `10.0.0.${attempt + 1}`,
      });
      expect(res.code).toBe(400);
    }
    const right = await server.call('POST', ApiPath.auth.login, {
      body: { account: 'merchantLiteEmployee', password: DEMO_PASSWORD, code: app.freshCode(secret) },
      remoteAddress: '10.0.1.1',
    });
    expect(right.code).toBe(BodyCode.tooManyRequests);
    // Step-up on the session already open counts against the same account.
    expect((await stepUp(token, app.freshCode(secret))).code).toBe(BodyCode.tooManyRequests);
    // Another account is not affected.
    expect((await login('merchantLiteManager')).code).toBe(200);
  });
});

describe('step-up', () => {
  let secret = '';
  let token = '';

  beforeAll(async () => {
    token = await server.login('merchantProEmployee');
    ({ secret } = await enrol(server, app, token));
  });

  it('is not needed by a user who is not enrolled', async () => {
    const manager = await server.login('merchantProManager');
    for (const action of ['approval', 'deny', 'confirm'] as const) expect((await act(manager, action, NO_PROPOSAL)).code).toBe(404);
    expect((await changePassword(manager)).code).toBe(400);
  });

  it('an enrolled user needs it to approve, deny, confirm, start a governance change and change the password', async () => {
    for (const action of ['approval', 'deny', 'confirm'] as const) {
      expect(await act(token, action, NO_PROPOSAL)).toMatchObject({
        code: BodyCode.stepUpRequired,
        msg: 'This action needs a current two-factor code.',
      });
    }
    expect((await governance(token)).code).toBe(BodyCode.stepUpRequired);
    expect((await changePassword(token)).code).toBe(BodyCode.stepUpRequired);
    // A wrong step-up code is a field error, and records nothing.
    expect(await stepUp(token, '000000')).toMatchObject({ code: 400, data: { code: expect.any(String) } });
    expect((await act(token, 'approval', NO_PROPOSAL)).code).toBe(BodyCode.stepUpRequired);
  });

  it('after a step-up they pass for five minutes on that session only, then it is needed again', async () => {
    // Another session of the same user, whose sign-in code (its own step-up) is over five minutes old.
    const other = await signInWith('merchantProEmployee', app.freshCode(secret));
    app.advance(5 * 60_000);
    const stepped = await stepUp(token, app.freshCode(secret));
    expect(stepped.code).toBe(200);
    for (const action of ['approval', 'deny', 'confirm'] as const) expect((await act(token, action, NO_PROPOSAL)).code).toBe(404);
    expect((await governance(token)).code).not.toBe(BodyCode.stepUpRequired);
    expect((await changePassword(token)).code).toBe(400);
    expect((await state(token)).data.stepUpUntil).toEqual(expect.any(String));
    // The other session is not stepped up by this one's code.
    expect((await act(other, 'approval', NO_PROPOSAL)).code).toBe(BodyCode.stepUpRequired);
    // The same code cannot step up the other session: it was used.
    const code = app.freshCode(secret);
    expect((await stepUp(token, code)).code).toBe(200);
    expect((await stepUp(other, code)).code).toBe(400);
    // Five minutes on, the step-up has expired.
    app.advance(5 * 60_000);
    expect((await act(token, 'approval', NO_PROPOSAL)).code).toBe(BodyCode.stepUpRequired);
    expect((await state(token)).data.stepUpUntil).toBeNull();
  });

  it("a money proposal starts without one (the other signers' approvals guard it); its approval goes through once stepped up", async () => {
    const finance = await server.login('merchantProFinance');
    await enrol(server, app, finance);
    const started = await server.call<{ proposalId: number }>('POST', ApiPath.sign.start, {
      token: finance,
      body: {
        walletId: wallets['Aurora TRON hot'],
        kind: 'transfer',
        to: demoTronAddress('approved recipient'),
        amount: '1',
        symbol: 'TRX',
        memo: '',
      },
    });
    expect(started.code, JSON.stringify(started)).toBe(200);
    expect((await act(token, 'approval', started.data.proposalId)).code).toBe(BodyCode.stepUpRequired);
    expect((await stepUp(token, app.freshCode(secret))).code).toBe(200);
    expect(await act(token, 'approval', started.data.proposalId)).toMatchObject({ code: 200, data: { status: 'approved' } });
  });

  it('insiders: a user without a second factor cannot step up with another user\u2019s code, nor does it step up their session', async () => {
    const outsider = await server.login('merchantProManager');
    // The employee's session, its sign-in step-up over: the outsider's try must not renew it.
    const employee = await signInWith('merchantProEmployee', app.freshCode(secret));
    app.advance(5 * 60_000);
    expect((await stepUp(outsider, app.freshCode(secret))).code).toBe(400);
    expect((await act(employee, 'approval', NO_PROPOSAL)).code).toBe(BodyCode.stepUpRequired);
    // A session token of one user never steps up another's session: step-up writes the caller's row only.
    const rows = await server.app.context.db
      .selectFrom('session')
      .innerJoin('appUser', 'appUser.id', 'session.userId')
      .select(['appUser.account', 'session.stepUpAt'])
      .where('session.stepUpAt', 'is not', null)
      .execute();
    expect(rows.map((row) => row.account)).not.toContain('merchantProManager');
  });
});

describe('a sign-in with a code is a fresh step-up', () => {
  let secret = '';
  let before = '';
  beforeAll(async () => {
    await forgetCodeFailures();
    // Signed in before enrolling: this session never gave a code.
    before = await server.login('operatorEmployee');
    ({ secret } = await enrol(server, app, before));
  });

  it('a session signed in without a code, then enrolled on, still steps up', async () => {
    expect((await changePassword(before)).code).toBe(BodyCode.stepUpRequired);
    expect((await state(before)).data.stepUpUntil).toBeNull();
  });

  it('the session a code just opened passes the step-up gate for five minutes from that code, then is asked again', async () => {
    const code = app.freshCode(secret);
    const signedIn = await login('operatorEmployee', code);
    expect(signedIn.code).toBe(200);
    const token = signedIn.data.token!;
    // Past the gate: the handler refuses the wrong current password (400), not the gate (428).
    expect((await changePassword(token)).code).toBe(400);
    // Counted from the sign-in's code: at most five minutes from now.
    const left = Date.parse((await state(token)).data.stepUpUntil!) - app.serverNow();
    expect(left).toBeGreaterThan(4 * 60_000);
    expect(left).toBeLessThanOrEqual(5 * 60_000);
    // The sign-in's code is used up: replayed for a step-up, on this session or on the older one, it is refused.
    expect(await stepUp(token, code)).toMatchObject({ code: 400, data: { code: expect.any(String) } });
    expect((await stepUp(before, code)).code).toBe(400);
    expect((await changePassword(before)).code).toBe(BodyCode.stepUpRequired);
    // Five minutes after the sign-in, the session is an older one: asked again.
    app.advance(5 * 60_000);
    expect((await changePassword(token)).code).toBe(BodyCode.stepUpRequired);
    expect((await state(token)).data.stepUpUntil).toBeNull();
  });

  it('a sign-in refused for its code opens no session, and a password-only sign-in of a user without a factor is no step-up', async () => {
    const sessions = async () =>
      (
        await server.app.context.db
          .selectFrom('session')
          .innerJoin('appUser', 'appUser.id', 'session.userId')
          .select('session.tokenHash')
          .where('appUser.account', '=', 'operatorEmployee')
          .execute()
      ).length;
    const count = await sessions();
    expect((await login('operatorEmployee', '000000')).code).toBe(400);
    expect(await sessions()).toBe(count);
    await forgetCodeFailures();
    // agentEmployee has no second factor: nothing to step up, nothing recorded.
    const plain = await login('agentEmployee');
    expect(plain.code).toBe(200);
    const row = await server.app.context.db
      .selectFrom('session')
      .select('stepUpAt')
      .where('tokenHash', '=', hashSessionToken(plain.data.token!))
      .executeTakeFirstOrThrow();
    expect(row.stepUpAt).toBeNull();
  });
});

describe('mandatory enrolment in an org', () => {
  it('only managers read or set it', async () => {
    const employee = await server.login('merchantStdEmployee');
    expect((await server.call('GET', ApiPath.org.twoFactor, { token: employee })).code).toBe(BodyCode.forbidden);
    expect((await server.call('POST', ApiPath.org.twoFactor, { token: employee, body: { required: true } })).code).toBe(BodyCode.forbidden);
  });

  it('a manager must be enrolled and stepped up to turn it on', async () => {
    const manager = await server.login('merchantStdManager');
    const set = (required: boolean) =>
      server.call<Record<string, string>>('POST', ApiPath.org.twoFactor, { token: manager, body: { required } });
    expect(await set(true)).toMatchObject({ code: 400, data: { required: expect.any(String) } });
    const { secret } = await enrol(server, app, manager);
    expect((await set(true)).code).toBe(BodyCode.stepUpRequired);
    expect((await stepUp(manager, app.freshCode(secret))).code).toBe(200);
    expect(await set(true)).toMatchObject({ code: 200, data: { required: true } });
    expect((await server.call('GET', ApiPath.org.twoFactor, { token: manager })).data).toEqual({ required: true });
  });

  it('blocks a member without a second factor everywhere but sign-in, sign-out, /me and enrolment, until they enrol', async () => {
    const signedIn = await login('merchantStdFinance');
    expect(signedIn).toMatchObject({ code: 200, data: { twoFactor: { enrolled: false, required: true } } });
    const token = signedIn.data.token!;
    expect((await server.call<SessionInfo>('GET', ApiPath.auth.me, { token })).data.twoFactor).toEqual({ enrolled: false, required: true });
    for (const [method, path] of [
      ['GET', ApiPath.sign.list],
      ['GET', ApiPath.account.sessionList],
      ['POST', ApiPath.account.update],
      ['POST', paths.stepUp],
    ] as const) {
      const res = await server.call(method, path, { token, body: method === 'POST' ? { userName: 'x', code: '000000' } : undefined });
      expect(res).toMatchObject({ code: BodyCode.twoFactorEnrolmentRequired, msg: expect.stringMatching(/requires two-factor/) });
    }
    expect((await state(token)).data).toMatchObject({ enrolled: false, required: true });
    await enrol(server, app, token);
    expect((await server.call('GET', ApiPath.sign.list, { token })).code).toBe(200);
    // Sign-out always works, enrolled or not.
    expect((await server.call('POST', ApiPath.auth.logout, { token })).code).toBe(200);
  });

  it('applies to the org that requires it only: the same user in another org is not blocked', async () => {
    const outside = await login('merchantProManager');
    expect(outside.data.twoFactor).toEqual({ enrolled: false, required: false });
    expect((await server.call('GET', ApiPath.sign.list, { token: outside.data.token })).code).toBe(200);
  });
});

describe('the test client’s step-up (tests/api/client.ts)', () => {
  it('steppedUp() enrols the account on first use and steps its session up; again, it steps up with the same enrolment', async () => {
    const agent = server.as('agentManager');
    const token = await agent.token();
    expect((await state(token)).data.enrolled).toBe(false);
    expect(await agent.steppedUp()).toBe(agent);
    const stepped = (await state(token)).data;
    expect(stepped.enrolled).toBe(true);
    expect(stepped.stepUpUntil).toEqual(expect.any(String));
    // Enrolled, a sensitive write asks for step-up; stepped up, it is let through to its own check.
    expect((await changePassword(token)).code).not.toBe(BodyCode.stepUpRequired);
    // A second call does not enrol again (that would be refused as already enrolled): it only steps up.
    expect(await agent.steppedUp()).toBe(agent);
    expect((await state(token)).data).toMatchObject({ enrolled: true, stepUpUntil: expect.any(String) });
  });
});
