import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { ROLE_NAMES, type RoleName } from '../../src/access';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * Each named role × each endpoint: the API itself refuses what the console hides.
 * Expectations written out by hand (Y allowed, N body code 403), same role order as
 * the route matrix: superAdmin, operatorEmployee, agentManager, agentEmployee,
 * merchantPro{Manager,Finance,Employee}, merchantLite{Manager,Employee}, merchantStd{Manager,Finance,Employee}.
 */
interface EndpointCase {
  name: string;
  //        op  ag  pro lite std
  allowed: string;
  /** Y means only "the role passes": the call may still be refused for the record (400, 409), never with 403. */
  roleOnly?: true;
  call: (server: TestServer, token: string, role: RoleName) => Promise<{ code: number }>;
}

let chainSeq = 900_000;
const endpoints: EndpointCase[] = [
  { name: 'GET chain/list', allowed: 'YY YY YYY YY YYY', call: (s, token) => s.call('GET', ApiPath.chain.list, { token }) },
  {
    name: 'GET chain/detail',
    allowed: 'YY YY YYY YY YYY',
    call: (s, token) => s.call('GET', ApiPath.chain.detail, { token, query: { id: 1 } }),
  },
  { name: 'GET currency/list', allowed: 'YY YY YYY YY YYY', call: (s, token) => s.call('GET', ApiPath.currency.list, { token }) },
  {
    name: 'GET currency/legalTender/list',
    allowed: 'YY YY YYY YY YYY',
    call: (s, token) => s.call('GET', ApiPath.currency.legalTenderList, { token }),
  },
  {
    name: 'GET currency/symbol/available',
    allowed: 'YY YY YYY YY YYY',
    call: (s, token) => s.call('GET', ApiPath.currency.symbolAvailable, { token, query: { chainId: 1 } }),
  },
  {
    name: 'POST chain/save',
    allowed: 'YY NN NNN NN NNN',
    call: (s, token, role) =>
      s.call('POST', ApiPath.chain.save, {
        token,
        body: {
          chainId: chainSeq++,
          name: `Matrix ${role}`,
          family: 'evm',
          symbol: 'MTX',
          rpcUrl: 'https://rpc.example.net',
          explorerUrl: 'https://scan.example.net',
          confirmations: 1,
          isDefault: false,
          enabled: true,
        },
      }),
  },
  {
    name: 'POST chain/update',
    allowed: 'YY NN NNN NN NNN',
    call: (s, token) => s.call('POST', ApiPath.chain.update, { token, body: { id: 3, confirmations: 15 } }),
  },
  {
    name: 'POST currency/update',
    allowed: 'YY NN NNN NN NNN',
    call: (s, token) => s.call('POST', ApiPath.currency.update, { token, body: { id: 1, name: 'Ether' } }),
  },
  {
    name: 'POST config/brand/update',
    allowed: 'YY NN NNN NN NNN',
    call: (s, token) =>
      s.call('POST', ApiPath.brand.update, {
        token,
        body: { brandName: 'Custodia', favicon: '/brand/favicon.svg', logo: '/brand/logo.svg', logoDarkMode: '/brand/logo-dark.svg' },
      }),
  },
  { name: 'GET auth/me', allowed: 'YY YY YYY YY YYY', call: (s, token) => s.call('GET', ApiPath.auth.me, { token }) },
  { name: 'GET org/list', allowed: 'YY YY YYY YY YYY', call: (s, token) => s.call('GET', ApiPath.org.list, { token }) },
  { name: 'GET member/list', allowed: 'YY YY YYY YY YYY', call: (s, token) => s.call('GET', ApiPath.member.list, { token }) },
  { name: 'GET member/roles', allowed: 'YY YY YYY YY YYY', call: (s, token) => s.call('GET', ApiPath.member.roles, { token }) },
  { name: 'GET dashboard', allowed: 'YY YY YYY YY YYY', call: (s, token) => s.call('GET', ApiPath.dashboard, { token }) },
  {
    name: 'GET account/session/list',
    allowed: 'YY YY YYY YY YYY',
    call: (s, token) => s.call('GET', ApiPath.account.sessionList, { token }),
  },
  // /invitation is the agent row alone (docs/roles-and-routes.md).
  { name: 'GET invitation/list', allowed: 'NN YY NNN NN NNN', call: (s, token) => s.call('GET', ApiPath.invitation.list, { token }) },
  // "All except agent" (docs/roles-and-routes.md): ledger, reports, pay links.
  { name: 'GET asset-flow/list', allowed: 'YY NN YYY YY YYY', call: (s, token) => s.call('GET', ApiPath.assetFlow.list, { token }) },
  {
    name: 'GET report/payment/list',
    allowed: 'YY NN YYY YY YYY',
    call: (s, token) => s.call('GET', ApiPath.report.payment.list, { token }),
  },
  { name: 'GET report/gas/totals', allowed: 'YY NN YYY YY YYY', call: (s, token) => s.call('GET', ApiPath.report.gas.totals, { token }) },
  { name: 'GET pay-link/list', allowed: 'YY NN YYY YY YYY', call: (s, token) => s.call('GET', ApiPath.payLink.list, { token }) },
  // Writers: a merchant's managers and pro/std finance; agent managers; every org's managers.
  {
    name: 'POST pay-link/save',
    allowed: 'NN NN YYN YN YYN',
    call: (s, token, role) => s.call('POST', ApiPath.payLink.save, { token, body: { title: `Matrix ${role}`, chainId: 1, currencyId: 2 } }),
  },
  // Re-check: the operator row, a merchant's managers and finance, on an order of their own scope not paid yet.
  {
    name: 'POST order-repair/recheck',
    allowed: 'YY NN YYN YN YYN',
    call: async (s, token) => {
      const orders = await s.call<{ list: Array<{ id: number; status: string }> } | null>('GET', ApiPath.report.payment.list, {
        token,
        query: { pageSize: 500 },
      });
      const open = orders.data?.list.find((o) => o.status !== 'paid');
      return s.call('POST', ApiPath.orderRepair.recheck, { token, body: { orderId: open?.id ?? 1 } });
    },
  },
  {
    name: 'POST invitation/save',
    // The operator's superAdmin too: a merchant directly under the operator (docs/DECISIONS.md "The first operator").
    allowed: 'YN YN NNN NN NNN',
    call: (s, token, role) =>
      s.call('POST', ApiPath.invitation.save, { token, body: { orgName: `Matrix ${role}`, tenantType: 3, invitee: 'matrixInvitee' } }),
  },
  // Movements: /transfer is every role's list; /supply std, pro and operator (docs/roles-and-routes.md).
  {
    name: 'GET movement/list transfer',
    allowed: 'YY YY YYY YY YYY',
    call: (s, token) => s.call('GET', ApiPath.movement.list, { token, query: { kind: 'transfer' } }),
  },
  {
    name: 'GET movement/list supply',
    allowed: 'YY NN YYY NN YYY',
    call: (s, token) => s.call('GET', ApiPath.movement.list, { token, query: { kind: 'supply' } }),
  },
  // The sign log across proposals is /multisig's list: the roles of that route, the lite row refused (docs/console.md "Sign log and waiting proposals").
  { name: 'GET sign/log/list', allowed: 'YY YY YYY NN YYY', call: (s, token) => s.call('GET', ApiPath.sign.logList, { token }) },
  { name: 'GET sign/log/export', allowed: 'YY YY YYY NN YYY', call: (s, token) => csvCall(s, token, ApiPath.sign.logExport) },
  // A movement screen's waiting proposals: as its kind's list.
  {
    name: 'GET sign/list/transferProposal',
    allowed: 'YY YY YYY YY YYY',
    call: (s, token) => s.call('GET', ApiPath.sign.transferList, { token }),
  },
  {
    name: 'GET sign/list/transferProposal supply',
    allowed: 'YY NN YYY NN YYY',
    call: (s, token) => s.call('GET', ApiPath.sign.transferList, { token, query: { kind: 'supply' } }),
  },
  // Withdraws: merchant managers and finance, and superAdmin, each out of its own org's hot wallet.
  {
    name: 'POST movement/save withdraw',
    allowed: 'YN NN YYN YN YYN',
    call: async (s, token, role) => s.call('POST', ApiPath.movement.save, { token, body: await ownWithdraw(s, role) }),
  },
  // The same kind through the other door (a proposal on the org's multisig wallet): the same roles.
  {
    name: 'POST sign/start withdraw',
    allowed: 'YN NN YYN YN YYN',
    roleOnly: true,
    call: async (s, token, role) => s.call('POST', ApiPath.sign.start, { token, body: await ownWithdraw(s, role, 'multisig') }),
  },
  {
    name: 'POST member/invite',
    allowed: 'YN YN YNN YN YNN',
    call: (s, token) => s.call('POST', ApiPath.member.invite, { token, body: { roleLevel: 1, invitee: 'matrixInvitee' } }),
  },
];

/** An export: a CSV file when allowed (read as code 200), else the JSON envelope of its refusal. */
async function csvCall(s: TestServer, token: string, path: string): Promise<{ code: number; msg?: string }> {
  const response = await s.app.inject({ method: 'GET', url: `/api${path}`, headers: { authorization: `Bearer ${token}` } });
  return /text\/csv/.test(String(response.headers['content-type']))
    ? { code: response.statusCode }
    : response.json<{ code: number; msg: string }>();
}

/** A withdraw of the minimum out of a hot (or multisig) wallet of the role's org, in a currency it holds. */
async function ownWithdraw(s: TestServer, role: RoleName, wallet: 'hot' | 'multisig' = 'hot') {
  const row = await s.app.context.db
    .selectFrom('appUser')
    .innerJoin('membership', 'membership.userId', 'appUser.id')
    .innerJoin('chainWallet', 'chainWallet.orgId', 'membership.orgId')
    .innerJoin('walletBalance', 'walletBalance.walletId', 'chainWallet.id')
    .innerJoin('currency', 'currency.id', 'walletBalance.currencyId')
    .select(['chainWallet.id', 'currency.symbol', 'currency.minWithdraw'])
    .where('appUser.account', '=', role)
    .where('chainWallet.kind', wallet === 'hot' ? '=' : 'like', wallet === 'hot' ? 'Hot' : 'MultiSig%')
    .orderBy('chainWallet.id')
    .executeTakeFirst();
  return {
    kind: 'withdraw',
    walletId: row?.id ?? 1,
    to: '0x1111111111111111111111111111111111111111',
    symbol: row?.symbol ?? 'ETH',
    amount: row?.minWithdraw ?? '1',
  };
}

let server: TestServer;
const tokens = {} as Record<RoleName, string>;
beforeAll(async () => {
  server = await startTestServer();
  for (const role of ROLE_NAMES) tokens[role] = await server.login(role);
});
afterAll(() => server?.close());

const cases = endpoints.flatMap((endpoint) => {
  const letters = endpoint.allowed.replace(/\s/g, '');
  return ROLE_NAMES.map((role, i) => ({ endpoint, role, allowed: letters[i] === 'Y' }));
});

describe('API access matrix', () => {
  it('has 12 expectations per endpoint', () => {
    expect(endpoints.every((e) => e.allowed.replace(/\s/g, '').length === ROLE_NAMES.length)).toBe(true);
  });

  it.each(cases.map((c) => ({ ...c, label: c.endpoint.name })))(
    '$label as $role → allowed: $allowed',
    async ({ endpoint, role, allowed }) => {
      const result = await endpoint.call(server, tokens[role], role);
      if (allowed && endpoint.roleOnly) expect(result.code).not.toBe(403);
      else if (allowed) expect(result.code).toBe(200);
      else expect(result).toMatchObject({ code: 403, msg: 'Your role is not allowed to do this.' });
    },
  );

  it('a refused write changed nothing', async () => {
    const chains = await server.call<{ list: Array<{ name: string }> }>('GET', ApiPath.chain.list, {
      token: tokens.superAdmin,
      query: { pageSize: 500 },
    });
    const names = chains.data.list.map((c) => c.name);
    expect(names.filter((n) => n.startsWith('Matrix '))).toEqual(expect.arrayContaining(['Matrix superAdmin', 'Matrix operatorEmployee']));
    expect(names.filter((n) => n.startsWith('Matrix '))).toHaveLength(2);
  });
});

/**
 * Governance of one multisig wallet (Aurora cold, signed by the three pro roles) for every
 * named role: only its signers may propose a signer change (Y), and nobody — superAdmin
 * included — changes the signers by editing the wallet. Refusals here are 400 / 403 / 404
 * / 409 by the record, so this table asserts "started or not", and the wallet unchanged.
 */
describe('governance access matrix (Aurora cold)', () => {
  //                  op  ag  pro lite std
  const mayPropose = 'NN NN YYY NN NNN'.replace(/\s/g, '');
  const auroraCold = async () => {
    const wallets = await server.call<{
      list: Array<{ id: number; label: string; threshold: number; signers: Array<{ userId: number }> }>;
    }>('GET', ApiPath.chainWallet.list, {
      token: tokens.superAdmin,
      query: { pageSize: 100, label: 'Aurora cold' },
    });
    return wallets.data.list.find((w) => w.label === 'Aurora cold')!;
  };

  it.each(ROLE_NAMES.map((role, i) => ({ role, allowed: mayPropose[i] === 'Y' })))(
    '$role: proposes a signer change → $allowed; rewrites the signers → never',
    async ({ role, allowed }) => {
      const wallet = await auroraCold();
      const signers = wallet.signers.map((s) => s.userId);
      const proposed = await server.call('POST', ApiPath.sign.start, {
        token: tokens[role],
        body: { walletId: wallet.id, kind: 'governance', signers: signers.slice(0, 2), threshold: 2, memo: '' },
      });
      expect(proposed.code === 200, JSON.stringify(proposed)).toBe(allowed);
      const rewritten = await server.call('POST', ApiPath.chainWallet.update, {
        token: tokens[role],
        body: { id: wallet.id, signers: [signers[0]], threshold: 1 },
      });
      expect(rewritten.code).not.toBe(200);
      expect(await auroraCold()).toEqual(wallet);
    },
  );
});
