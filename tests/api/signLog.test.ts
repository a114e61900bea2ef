import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { type TestServer } from './harness';
import type { Envelope } from '../../src/contract/envelope';
import { ETH_CHAIN, startSignServer, type SignClient } from './signSupport';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * The sign log across proposals (/multisig's "Sign log" tab) and a movement screen's waiting
 * proposals (docs/console.md "Sign log and waiting proposals"), as a dishonest insider tries
 * them: another org's entries by id or wallet, a role without /multisig, malformed filters.
 */
let server: TestServer, sign: SignClient, wallets: Record<string, number>;

beforeAll(async () => {
  ({ server, sign, wallets } = await startSignServer());
});
afterAll(() => server?.close());

const orgOfLogs = async (ids: number[]) =>
  ids.length === 0
    ? []
    : (
        await sql<{
          orgId: number;
        }>`select distinct p.org_id as "orgId" from sign_log s join proposal p on p.id = s.proposal_id where s.id in (${sql.join(ids)})`.execute(
          server.app.context.db,
        )
      ).rows.map((r) => r.orgId);

describe('GET /sys/sign/log/list', () => {
  it('holds the caller’s own org’s entries only, each naming its proposal by wallet and nonce', async () => {
    const pro = (await sign.logs('merchantProFinance')).data;
    expect(pro.count).toBeGreaterThan(0);
    expect(await orgOfLogs(pro.list.map((r) => r.id))).toEqual([server.orgIds.proA]);
    expect(pro.list[0]).toMatchObject({
      walletLabel: expect.any(String),
      proposalNonce: expect.any(Number),
      walletId: expect.any(Number),
      proposalKind: expect.any(String),
      chainId: expect.any(Number),
    });
    const std = (await sign.logs('merchantStdEmployee')).data;
    expect(std.count).toBeGreaterThan(0);
    expect(await orgOfLogs(std.list.map((r) => r.id))).not.toContain(server.orgIds.proA);
  });

  it('another org’s signer asking for a pro proposal, or a pro wallet, by its id gets nothing', async () => {
    const proEntry = (await sign.logs('merchantProFinance')).data.list[0];
    expect((await sign.logs('merchantStdEmployee', { proposalId: proEntry.proposalId })).data).toEqual({ list: [], count: 0 });
    expect((await sign.logs('merchantStdEmployee', { walletId: wallets['Aurora cold'] })).data).toEqual({ list: [], count: 0 });
    // The owner does see it.
    expect((await sign.logs('merchantProFinance', { walletId: wallets['Aurora cold'] })).data.count).toBeGreaterThan(0);
  });

  it('filters by action, wallet, chain and a date range; pages', async () => {
    const all = (await sign.logs('superAdmin')).data;
    const approvals = (await sign.logs('superAdmin', { action: 'approval' })).data;
    expect(approvals.count).toBeGreaterThan(0);
    expect(approvals.list.every((r) => r.action === 'approval')).toBe(true);
    const aurora = (await sign.logs('superAdmin', { walletId: wallets['Aurora cold'] })).data;
    expect(aurora.count).toBeGreaterThan(0);
    expect(aurora.list.every((r) => r.walletId === wallets['Aurora cold'] && r.walletLabel === 'Aurora cold')).toBe(true);
    expect((await sign.logs('superAdmin', { chainId: ETH_CHAIN })).data.list.every((r) => r.chainId === ETH_CHAIN)).toBe(true);
    expect((await sign.logs('superAdmin', { dateTo: '2000-01-01T00:00:00Z' })).data.count).toBe(0);
    const newest = all.list
      .map((r) => r.createdAt)
      .sort()
      .at(-1)!;
    const sinceNewest = (await sign.logs('superAdmin', { dateFrom: newest })).data;
    expect(sinceNewest.count).toBeGreaterThan(0);
    expect(sinceNewest.list.every((r) => r.createdAt >= newest)).toBe(true);
    const page = (await sign.logs('superAdmin', { sort: 'id', order: 'desc', pageSize: 3, page: 2 })).data;
    expect(page.count).toBe(all.count);
    expect(page.list.map((r) => r.id)).toEqual(
      all.list
        .map((r) => r.id)
        .sort((a, b) => b - a)
        .slice(3, 6),
    );
  });

  it('a role without /multisig (the lite row) is refused, list and export alike, in the envelope', async () => {
    for (const account of ['merchantLiteManager', 'merchantLiteEmployee']) {
      expect(await sign.logs(account)).toMatchObject({ code: 403, msg: 'Your role is not allowed to do this.' });
      const exported = await server.app.inject({
        method: 'GET',
        url: `/api${ApiPath.sign.logExport}`,
        headers: { authorization: `Bearer ${await sign.token(account)}` },
      });
      expect(exported.statusCode).toBe(200);
      expect(exported.json<Envelope>().code).toBe(403);
    }
  });

  it('malformed filters are a 400 naming each field, never a 500', async () => {
    const bad = await sign.logs('superAdmin', {
      action: 'steal',
      dateFrom: 'yesterday',
      walletId: 'x',
      chainId: -1,
      proposalId: '1; drop',
    });
    expect(bad.code).toBe(400);
    expect(Object.keys(bad.data as unknown as Record<string, string>)).toEqual(
      expect.arrayContaining(['action', 'dateFrom', 'walletId', 'chainId', 'proposalId']),
    );
    expect((await sign.logs('superAdmin', { sort: 'actor' })).code).toBe(400);
    expect((await sign.logs('superAdmin', { dateTo: '20000-01-01' })).code).toBe(400);
  });
});

describe('GET /sys/sign/list/transferProposal', () => {
  const path = ApiPath.sign.transferList;

  it('lists the money proposals of the kind asked (transfer when none), in the caller’s scope', async () => {
    const transfers = (await sign.list('merchantProManager', {}, path)).data;
    expect(transfers.list.every((p) => p.kind === 'transfer')).toBe(true);
    const withdraws = (await sign.list('merchantProManager', { kind: 'withdraw', state: 'open' }, path)).data;
    expect(withdraws.list.every((p) => p.kind === 'withdraw' && ['pending', 'approved'].includes(p.status))).toBe(true);
    const everyKind = (await sign.list('superAdmin', { kind: 'withdraw' })).data.list.filter((p) => p.orgId === server.orgIds.proA);
    expect(withdraws.count).toBe(everyKind.filter((p) => ['pending', 'approved'].includes(p.status)).length);
    // Another org's signer sees none of Aurora's.
    const std = (await sign.list('merchantStdEmployee', { kind: 'withdraw' }, path)).data;
    expect(std.list.every((p) => p.orgId !== server.orgIds.proA)).toBe(true);
    expect((await sign.list('merchantStdEmployee', { walletId: wallets['Aurora cold'] }, path)).data.count).toBe(0);
  });

  it('a signer change is no movement, and a kind’s list is for those who read that kind', async () => {
    const governance = await sign.list('superAdmin', { kind: 'governance' }, path);
    expect(governance.code).toBe(400);
    expect(Object.keys(governance.data as unknown as Record<string, string>)).toContain('kind');
    // /supply is not a lite screen: nor are its proposals.
    expect(await sign.list('merchantLiteEmployee', { kind: 'supply' }, path)).toMatchObject({ code: 403 });
    expect((await sign.list('merchantLiteEmployee', { kind: 'withdraw' }, path)).code).toBe(200);
  });
});
