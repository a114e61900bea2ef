import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestServer } from './harness';
import { demoEvmAddress } from '../../server/db/seed/wallets';
import { balanceOf, units, startSignServer, userIdsByAccount, type SignClient } from './signSupport';
import type { PolicyDetail, PolicyEvaluation } from '../../src/contract/schemas/policy';
import type { AddressBookRecord } from '../../src/contract/schemas/addressBook';
import type { MovementRecord } from '../../src/contract/schemas/movement';
import { DEFAULT_POLICY_RULES, type PolicyRule, type ProposalPolicy } from '../../src/contract/policy';
import type { SessionInfo } from '../../src/contract/schemas/auth';
import { BodyCode } from '../../src/contract/envelope';
import { authenticator, enrol } from './twoFactorSupport';
import { ApiPath, withId } from '../../src/contract/apiPaths';

const OUTSIDER = demoEvmAddress('policy outsider');
const PARTNER = demoEvmAddress('policy partner');
const DAY_MS = 24 * 3_600_000;

let server: TestServer, client: SignClient, wallets: Record<string, number>;

beforeEach(async () => {
  ({ server, sign: client, wallets } = await startSignServer());
});
afterEach(() => server?.close());

const rule = (overrides: Partial<PolicyRule>): Partial<PolicyRule> => ({
  name: '',
  kinds: [],
  destination: 'any',
  action: 'allow',
  ...overrides,
});

const savePolicy = async (account: string, rules: Array<Partial<PolicyRule>>, delayHours = 24) =>
  server.call<PolicyDetail>('POST', ApiPath.policy.save, { token: await client.token(account), body: { rules, delayHours } });
const policyOf = async (account: string) => server.call<PolicyDetail>('GET', ApiPath.policy.detail, { token: await client.token(account) });
const addToBook = async (account: string, address: string, label = 'Partner') =>
  server.call<AddressBookRecord>('POST', ApiPath.addressBook.save, {
    token: await client.token(account),
    body: { chainId: 1, address, label },
  });
const move = async (account: string, body: Record<string, unknown>) =>
  server.call<MovementRecord>('POST', ApiPath.movement.save, { token: await client.token(account), body: { memo: '', ...body } });
const hotTransfer = (amount: string, to = OUTSIDER) =>
  move('merchantProFinance', { kind: 'transfer', walletId: wallets['Aurora deposits'], to, symbol: 'USDT', amount });
const coldTransfer = (amount: string, to = OUTSIDER) =>
  client.start('merchantProManager', { kind: 'transfer', walletId: wallets['Aurora cold'], to, symbol: 'USDT', amount, memo: '' });
const storedProposal = (id: number) =>
  server.app.context.db.selectFrom('proposal').select(['threshold', 'status', 'policy']).where('id', '=', id).executeTakeFirstOrThrow();
/** Who holds the app bar's notice of a proposal (user ids). */
const noticeHolders = async (id: number) =>
  (await server.db.selectFrom('notification').select('userId').where('subject', '=', `proposal:${id}`).execute()).map((n) => n.userId);

/** Past the default 24 h delay: sessions (12 h) have ended too, so everyone signs in again. */
function afterTheDelay(hours = 24) {
  server.advanceClock(hours * 3_600_000 + 60_000);
  client.forgetSessions();
}

/** Aurora's policy, saved by its manager and in force. */
async function inForce(rules: Array<Partial<PolicyRule>>) {
  expect((await savePolicy('merchantProManager', rules)).code).toBe(200);
  afterTheDelay();
}

describe('changing the policy', () => {
  it('a manager’s change waits for the delay in force; until then the old rules decide', async () => {
    const saved = await savePolicy('merchantProManager', [rule({ action: 'block', kinds: ['transfer'] })]);
    expect(saved.code).toBe(200);
    expect(saved.data.active.rules).toEqual([]);
    expect(saved.data.pending).toMatchObject({
      delayHours: 24,
      createdBy: 'merchantProManager',
      rules: [expect.objectContaining({ action: 'block', kinds: ['transfer'] })],
    });
    const waitsUntil = Date.parse(saved.data.pending!.activeFrom!);
    expect(waitsUntil - Date.now()).toBeGreaterThan(DAY_MS - 120_000);
    expect((await hotTransfer('10')).data.status).toBe('executed');

    afterTheDelay();
    const now = (await policyOf('merchantProEmployee')).data;
    expect(now.pending).toBeNull();
    expect(now.active.rules).toHaveLength(1);
    expect(await hotTransfer('10')).toMatchObject({
      code: 409,
      msg: "Rule 1 of your organisation's transaction policy blocks this transaction.",
    });
  });

  it('only managers change it, each only their own org’s; every member reads it', async () => {
    for (const account of ['merchantProFinance', 'merchantProEmployee', 'operatorEmployee'])
      expect((await savePolicy(account, [])).code, account).toBe(403);
    expect((await policyOf('merchantProEmployee')).data).toMatchObject({ orgName: 'Aurora Pay (Pro)', active: { rules: [] } });
    // Another org's manager writes their own policy, never Aurora's.
    await savePolicy('merchantStdManager', [rule({ action: 'block' })]);
    expect((await policyOf('merchantProManager')).data.pending).toBeNull();
    // A rule naming another org's wallet is refused on its field.
    const foreign = await savePolicy('merchantProManager', [rule({ walletId: wallets['Birch deposits'] })]);
    expect(foreign).toMatchObject({ code: 400, data: { 'rules.0.walletId': expect.any(String) } });
  });

  it('a shorter delay is itself delayed: a stolen account cannot set 0 and act at once', async () => {
    await savePolicy('merchantProManager', [], 0);
    const detail = (await policyOf('merchantProManager')).data;
    expect(detail.active.delayHours).toBe(24);
    expect(detail.pending?.delayHours).toBe(0);
    // Within the day, a new rule still waits a day.
    const next = await savePolicy('merchantProManager', [rule({ action: 'block' })], 0);
    expect(Date.parse(next.data.pending!.activeFrom!) - Date.now()).toBeGreaterThan(DAY_MS - 120_000);
  });

  it('malformed rules get field errors and change nothing', async () => {
    const cases: Array<[Partial<PolicyRule>, string]> = [
      [{ action: 'require', approvals: null }, 'rules.0.approvals'],
      [{ action: 'require', approvals: 99 }, 'rules.0.approvals'],
      [{ action: 'block', minAmount: '100' }, 'rules.0.symbol'],
      [{ action: 'block', minAmount: '1e5', chainId: 1, symbol: 'USDT' }, 'rules.0.minAmount'],
      [{ action: 'block', chainId: 1, symbol: 'NOPE' }, 'rules.0.symbol'],
      [{ action: 'block', chainId: 1, symbol: 'USDT', minAmount: '0.0000001' }, 'rules.0.minAmount'],
      [{ action: 'nothing' as never }, 'rules.0.action'],
    ];
    for (const [bad, field] of cases) {
      const res = await savePolicy('merchantProManager', [rule(bad)]);
      expect(res.code, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(res.data as object), JSON.stringify(bad)).toContain(field);
    }
    expect((await savePolicy('merchantProManager', [], -1)).code).toBe(400);
    expect((await policyOf('merchantProManager')).data.pending).toBeNull();
  });
});

describe('the address book', () => {
  it('a new entry counts only from its "active from"; the org’s members read it, nobody else', async () => {
    const added = await addToBook('merchantProManager', PARTNER.toLowerCase());
    expect(added).toMatchObject({
      code: 200,
      data: { address: PARTNER, label: 'Partner', active: false, createdBy: 'merchantProManager' },
    });
    expect(Date.parse(added.data.activeFrom) - Date.now()).toBeGreaterThan(DAY_MS - 120_000);
    const list = async (account: string) =>
      server.call<{ list: AddressBookRecord[] }>('GET', ApiPath.addressBook.list, { token: await client.token(account) });
    // Aurora's book: the demo's two partners (active since yesterday) and the new one, waiting.
    expect((await list('merchantProEmployee')).data.list.map((e) => [e.label, e.active])).toEqual([
      ['Partner', false],
      ['Payroll provider', true],
      ['Supplier — Northwind', true],
    ]);
    expect((await list('merchantStdManager')).data.list).toEqual([]);
    const detail = await server.call('GET', ApiPath.addressBook.detail, {
      token: await client.token('merchantStdManager'),
      query: { id: added.data.id },
    });
    expect(detail.code).toBe(404);
    afterTheDelay();
    expect((await list('merchantProEmployee')).data.list.every((e) => e.active)).toBe(true);
  });

  it('managers write; others, duplicates and bad addresses are refused', async () => {
    expect((await addToBook('merchantProFinance', PARTNER)).code).toBe(403);
    expect((await addToBook('merchantProManager', '0x1234')).data).toHaveProperty('address');
    expect((await addToBook('merchantProManager', PARTNER)).code).toBe(200);
    expect((await addToBook('merchantProManager', PARTNER.toLowerCase())).data).toEqual({
      address: 'This address is already in the address book.',
    });
    // Another org may hold the same address in its own book.
    expect((await addToBook('merchantStdManager', PARTNER)).code).toBe(200);
  });

  it('an edit renames, never re-points; a delete is at once; other orgs cannot touch it', async () => {
    const { data: entry } = await addToBook('merchantProManager', PARTNER);
    const token = await client.token('merchantProManager');
    const renamed = await server.call<AddressBookRecord>('POST', ApiPath.addressBook.update, {
      token,
      body: { id: entry.id, label: 'Supplier', address: OUTSIDER },
    });
    expect(renamed.data).toMatchObject({ label: 'Supplier', address: PARTNER, activeFrom: entry.activeFrom });
    const foreign = await server.call('POST', withId(ApiPath.addressBook.delete, entry.id), {
      token: await client.token('merchantStdManager'),
    });
    expect(foreign.code).toBe(404);
    expect((await server.call('POST', withId(ApiPath.addressBook.delete, entry.id), { token })).code).toBe(200);
  });
});

describe('rule actions at the start of an outflow', () => {
  it('block refuses through every door and moves nothing', async () => {
    await inForce([rule({ action: 'block', chainId: 1, symbol: 'USDT', minAmount: '100' })]);
    const hot = await balanceOf(server, wallets['Aurora deposits'], 'USDT');
    const cold = await balanceOf(server, wallets['Aurora cold'], 'USDT');
    expect(await hotTransfer('100')).toMatchObject({ code: 409, msg: expect.stringContaining('Rule 1') });
    expect((await coldTransfer('5000')).code).toBe(409);
    expect(
      (
        await move('merchantProManager', {
          kind: 'withdraw',
          walletId: wallets['Aurora deposits'],
          to: OUTSIDER,
          symbol: 'USDT',
          amount: '150',
        })
      ).code,
    ).toBe(409);
    expect(await balanceOf(server, wallets['Aurora deposits'], 'USDT')).toBe(hot);
    expect(await balanceOf(server, wallets['Aurora cold'], 'USDT')).toBe(cold);
    // Below the amount, and in another currency, the rule does not match.
    expect((await hotTransfer('99.99')).data.status).toBe('executed');
  });

  it('require N raises a multisig proposal’s threshold (never lowers it) and keeps the rule on the proposal', async () => {
    await inForce([
      rule({ name: 'Large', action: 'require', approvals: 3, chainId: 1, symbol: 'USDT', minAmount: '1000' }),
      rule({ action: 'require', approvals: 1 }),
    ]);
    const large = await coldTransfer('1500');
    expect(large.data.status).toBe('pending');
    const stored = await storedProposal(large.data.proposalId);
    expect(stored.threshold).toBe(3);
    expect(stored.policy).toMatchObject({
      position: 1,
      rule: { name: 'Large', action: 'require', approvals: 3 },
      outcome: { kind: 'approvals', threshold: 3 },
    });
    // Rule 2 asks 1: the wallet's own 2 stand.
    const small = await coldTransfer('10');
    expect((await storedProposal(small.data.proposalId)).threshold).toBe(2);

    const id = large.data.proposalId;
    expect((await client.act('merchantProFinance', 'approval', id)).data.status).toBe('pending');
    expect((await client.act('merchantProManager', 'confirm', id)).code).toBe(409);
    expect((await client.act('merchantProEmployee', 'approval', id)).data.status).toBe('approved');
  });

  it('require more approvals forces a proposal out of a hot wallet, approved by the org’s managers', async () => {
    await inForce([rule({ destination: 'notInBook', action: 'requireMore', approvals: 1 })]);
    const before = await balanceOf(server, wallets['Aurora deposits'], 'USDT');
    const started = await hotTransfer('40');
    expect(started.data).toMatchObject({ status: 'pending', proposalId: expect.any(Number) });
    expect(await balanceOf(server, wallets['Aurora deposits'], 'USDT')).toBe(before);
    const id = started.data.proposalId!;
    expect(await storedProposal(id)).toMatchObject({ threshold: 2, status: 'pending' });
    // The requester approved by asking; a member who is not a manager is no approver.
    expect((await client.act('merchantProFinance', 'approval', id)).code).toBe(409);
    expect((await client.act('merchantProEmployee', 'approval', id)).code).toBe(403);
    expect((await client.act('merchantProManager', 'approval', id)).data.status).toBe('approved');
    expect((await client.act('merchantProFinance', 'confirm', id)).data.status).toBe('executed');
    expect(units(await balanceOf(server, wallets['Aurora deposits'], 'USDT'))).toBe(units(before) - units('40'));
  });

  it('in the book (once active) the rule does not match and the transfer leaves at once', async () => {
    await addToBook('merchantProManager', PARTNER);
    await inForce([rule({ destination: 'notInBook', action: 'requireMore', approvals: 1 })]);
    expect((await hotTransfer('5', PARTNER)).data.status).toBe('executed');
    // Added now: not active for a day, so still "outside the book".
    const other = demoEvmAddress('policy partner two');
    await addToBook('merchantProManager', other);
    expect((await hotTransfer('5', other)).data.status).toBe('pending');
  });

  it('a threshold no set of approvers can reach is refused at start', async () => {
    await inForce([rule({ action: 'require', approvals: 5 })]);
    expect(await coldTransfer('1')).toMatchObject({ code: 409, msg: expect.stringContaining('5 approvals') });
  });

  it('allow stops the search: a later block does not apply', async () => {
    await inForce([rule({ action: 'allow', chainId: 1, symbol: 'USDT' }), rule({ action: 'block' })]);
    expect((await hotTransfer('1')).data.status).toBe('executed');
    expect(
      (
        await move('merchantProFinance', {
          kind: 'transfer',
          walletId: wallets['Aurora deposits'],
          to: OUTSIDER,
          symbol: 'ETH',
          amount: '0.01',
        })
      ).code,
    ).toBe(409);
  });

  it('conditions on kind and wallet narrow a rule', async () => {
    await inForce([rule({ action: 'block', kinds: ['withdraw'] }), rule({ action: 'block', walletId: wallets['Aurora cold'] })]);
    expect((await hotTransfer('1')).data.status).toBe('executed');
    expect(
      (
        await move('merchantProManager', {
          kind: 'withdraw',
          walletId: wallets['Aurora deposits'],
          to: OUTSIDER,
          symbol: 'USDT',
          amount: '20',
        })
      ).code,
    ).toBe(409);
    expect((await coldTransfer('1')).code).toBe(409);
  });
});

describe('velocity: a rolling 24 h amount per wallet and currency', () => {
  it('counts what left in the last 24 h, this one included, and forgets it after', async () => {
    await inForce([rule({ action: 'block', chainId: 1, symbol: 'USDT', velocityLimit: '150' })]);
    expect((await hotTransfer('100')).data.status).toBe('executed');
    expect((await hotTransfer('50')).data.status).toBe('executed');
    expect((await hotTransfer('0.01')).code).toBe(409);
    server.advanceClock(DAY_MS + 60_000);
    client.forgetSessions();
    expect((await hotTransfer('100')).data.status).toBe('executed');
  });

  it.each(['read committed', 'serializable'] as const)('racing transfers cannot slip under the limit together (%s)', async (isolation) => {
    await server.close();
    ({ server, sign: client, wallets } = await startSignServer({ isolation }));
    await inForce([rule({ action: 'block', chainId: 1, symbol: 'USDT', velocityLimit: '150' })]);
    await client.token('merchantProFinance');
    const before = await balanceOf(server, wallets['Aurora deposits'], 'USDT');
    const results = await Promise.all([hotTransfer('100'), hotTransfer('100'), hotTransfer('100')]);
    expect(results.map((r) => r.code).sort()).toEqual([200, 409, 409]);
    expect(units(await balanceOf(server, wallets['Aurora deposits'], 'USDT'))).toBe(units(before) - units('100'));
  });
});

describe('at confirm, the policy in force now judges again', () => {
  it('a stricter rule made since the start raises the threshold; the raise is kept and the money stays', async () => {
    const started = await coldTransfer('2000');
    const id = started.data.proposalId;
    expect((await client.act('merchantProFinance', 'approval', id)).data.status).toBe('approved');
    await inForce([rule({ name: 'Large', action: 'require', approvals: 3, chainId: 1, symbol: 'USDT', minAmount: '1000' })]);
    const before = await balanceOf(server, wallets['Aurora cold'], 'USDT');
    const refused = await client.act('merchantProManager', 'confirm', id);
    expect(refused).toMatchObject({
      code: 409,
      msg: 'Rule 1 (Large) of the transaction policy in force now requires 3 approvals; this proposal has 2. It waits for more approvals.',
    });
    const stored = await storedProposal(id);
    expect(stored).toMatchObject({ threshold: 3, status: 'pending' });
    expect((stored.policy as ProposalPolicy).raisedAtConfirm).toBe(true);
    expect(await balanceOf(server, wallets['Aurora cold'], 'USDT')).toBe(before);
    // Back to pending: the signer who has not voted is asked again in the app bar (docs/webhooks.md "Notifications in the app bar").
    expect(await noticeHolders(id)).toEqual([(await userIdsByAccount(server)).merchantProEmployee]);
    expect((await client.act('merchantProEmployee', 'approval', id)).data.status).toBe('approved');
    expect(await noticeHolders(id)).toEqual([]);
    expect((await client.act('merchantProManager', 'confirm', id)).data.status).toBe('executed');
  });

  it('a block made since the start stops the execution', async () => {
    const { data } = await coldTransfer('10');
    await client.act('merchantProFinance', 'approval', data.proposalId);
    await inForce([rule({ action: 'block' })]);
    expect(await client.act('merchantProManager', 'confirm', data.proposalId)).toMatchObject({
      code: 409,
      msg: expect.stringContaining('blocks this proposal'),
    });
    expect((await storedProposal(data.proposalId)).status).toBe('approved');
  });

  it('a looser rule since the start does not lower what the proposal needs', async () => {
    await inForce([rule({ action: 'require', approvals: 3 })]);
    const { data } = await coldTransfer('10');
    await client.act('merchantProFinance', 'approval', data.proposalId);
    await inForce([]);
    expect((await client.act('merchantProManager', 'confirm', data.proposalId)).code).toBe(409);
    expect((await storedProposal(data.proposalId)).threshold).toBe(3);
  });
});

describe('testing a transaction against the rules', () => {
  it('says which rule matches now and under the pending change, and records nothing', async () => {
    await inForce([rule({ action: 'requireMore', approvals: 1, destination: 'notInBook' })]);
    await savePolicy('merchantProManager', [rule({ action: 'block', chainId: 1, symbol: 'USDT', minAmount: '500' })]);
    const evaluate = async (amount: string) =>
      server.call<PolicyEvaluation>('GET', ApiPath.policy.evaluate, {
        token: await client.token('merchantProEmployee'),
        query: { kind: 'transfer', walletId: wallets['Aurora deposits'], symbol: 'USDT', amount, to: OUTSIDER },
      });
    const answer = (await evaluate('600')).data;
    expect(answer.now).toMatchObject({
      match: { position: 1 },
      outcome: { kind: 'approvals', threshold: 2 },
      inBook: false,
      walletThreshold: null,
    });
    expect(answer.pending).toMatchObject({ match: { position: 1, rule: { action: 'block' } }, outcome: { kind: 'block' } });
    expect((await evaluate('10')).data.pending?.match).toBeNull();
    const foreign = await server.call('GET', ApiPath.policy.evaluate, {
      token: await client.token('merchantStdManager'),
      query: { kind: 'transfer', walletId: wallets['Aurora deposits'], symbol: 'USDT', amount: '1', to: OUTSIDER },
    });
    expect(foreign.code).toBe(404);
    expect((await evaluate('1e3')).code).toBe(400);
  });
});

describe('a new org', () => {
  it('starts with the default rules in force: outside the book, one approval more', async () => {
    const invited = await server.call<{ code: string }>('POST', ApiPath.invitation.save, {
      token: await client.token('agentManager'),
      body: { orgName: 'Fresh Shop', tenantType: 5, invitee: 'freshOwner' },
    });
    const signedUp = await server.call<SessionInfo>('POST', ApiPath.auth.signup, {
      body: { account: 'freshOwner', password: 'Str0ng-pass', userName: 'Fresh Owner', invitationCode: invited.data.code },
    });
    expect(signedUp.code).toBe(200);
    const detail = await server.call<PolicyDetail>('GET', ApiPath.policy.detail, { token: signedUp.data.token });
    expect(detail.data).toMatchObject({ orgName: 'Fresh Shop', active: { rules: DEFAULT_POLICY_RULES, delayHours: 24 }, pending: null });
    expect(DEFAULT_POLICY_RULES).toEqual([expect.objectContaining({ destination: 'notInBook', action: 'requireMore', approvals: 1 })]);
  });
});

describe('with two-factor on, a password alone changes no rule and no book entry', () => {
  it('an enrolled manager’s policy and address book writes need a fresh step-up; then they go through', async () => {
    const app = authenticator(server);
    const token = await client.token('merchantProManager');
    const { secret } = await enrol(server, app, token);
    const writes = [
      () => server.call('POST', ApiPath.policy.save, { token, body: { rules: [rule({ action: 'block' })], delayHours: 24 } }),
      () => server.call('POST', ApiPath.addressBook.save, { token, body: { chainId: 1, address: PARTNER, label: 'Partner' } }),
    ];
    for (const write of writes) expect((await write()).code).toBe(BodyCode.stepUpRequired);
    expect((await policyOf('merchantProManager')).data.pending).toBeNull();
    expect((await server.call('POST', ApiPath.account.twoFactor.stepUp, { token, body: { code: app.freshCode(secret) } })).code).toBe(200);
    for (const write of writes) expect((await write()).code).toBe(200);
    const entry = (
      await server.call<{ list: AddressBookRecord[] }>('GET', ApiPath.addressBook.list, { token, query: { q: 'Partner' } })
    ).data.list.find((e) => e.label === 'Partner')!;
    // Five minutes on, the step-up has lapsed: a rename or a delete asks again.
    app.advance(5 * 60_000 + 1_000);
    expect((await server.call('POST', ApiPath.addressBook.update, { token, body: { id: entry.id, label: 'Renamed' } })).code).toBe(
      BodyCode.stepUpRequired,
    );
    expect((await server.call('POST', withId(ApiPath.addressBook.delete, entry.id), { token })).code).toBe(BodyCode.stepUpRequired);
  });
});
