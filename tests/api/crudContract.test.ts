import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ResourceClient, type TestServer } from './harness';
import type { Body, Params } from './client';
import { ApiPath, resourcePaths, type ResourcePaths } from '../../src/contract/apiPaths';
import { maskHas, RESOURCE_ACCESS, ROLE_NAMES, ROLES, routeGroups, type ResourceAccess, type RoleName } from '../../src/access';
import { declaredResources } from '../../server/modules/declared/discover';
import type { OpenApiDocument } from '../../server/http/openApi';
import { firstPaidOrder, fund } from './signSupport';

/**
 * The CRUD contract every resource keeps (docs/api.md "Lists", "Body codes"): paging, sorting,
 * an unknown id answered 404 in the envelope, one org's rows out of another's sight, bad input
 * refused with a message and nothing written. The resources are those the API serves with
 * list / detail / save / update / delete: the access table's (src/access/policy.ts
 * RESOURCE_ACCESS) and the self-contained declarations (src/resources/<name>/resource.ts), so a
 * new one runs here without an edit. What a resource needs beyond the demo seed, and where it
 * differs, is in PROFILES below, each with its reason.
 */

interface CrudResource {
  name: string;
  paths: Partial<ResourcePaths> & { list: string; detail: string };
  access: ResourceAccess;
  /** A declaration's `scope`: the filters every list call of its screen sends (a movement screen's kind). */
  scope?: Record<string, string>;
}

const fromAccessTable: CrudResource[] = Object.entries(RESOURCE_ACCESS).map(([key, access]) => ({
  name: key,
  paths: ApiPath[key as keyof typeof RESOURCE_ACCESS],
  access,
}));
const fromDeclarations: CrudResource[] = declaredResources.map((d) => ({
  name: d.name,
  paths: { ...resourcePaths(d.name, d.endpoints?.base), ...d.endpoints },
  access: { read: typeof d.route === 'string' ? 0n : routeGroups[d.route.group], ...d.access },
  scope: d.scope,
}));
// A second screen on one API (a tier's wallets on the chain wallets' list) is the same API: checked once, by its first declaration.
// Screens that scope one API differently (a movement kind each) are each checked; the supply history reads the supplies' list.
const listOf = (r: CrudResource) => `${r.paths.list} ${JSON.stringify(r.scope ?? {})}`;
const RESOURCES = [...fromAccessTable, ...fromDeclarations].filter((r, i, all) => all.findIndex((s) => listOf(s) === listOf(r)) === i);

type Row = Record<string, unknown> & { id: number };
interface Profile {
  /** Who pages and sorts: an account that sees at least three rows (after `fixture`). Default superAdmin. */
  reader?: RoleName;
  /** Tenancy: `owner`'s rows stay out of `outsider`'s sight; a string says why the check does not apply. */
  tenancy?: { owner: RoleName; outsider: RoleName } | string;
  /** Rows the seed lacks, made through the API as `fixtureBy` (default `reader`). */
  fixture?: (rows: ResourceClient<unknown>) => Promise<void>;
  /** Who makes the fixture when the reader may not write (money moves by a merchant's staff, with step-up). */
  fixtureBy?: RoleName;
  /** The key `detail` reads a row by, when not `?id=`. */
  key?: { param: string; of: (row: Row) => number };
  /** Who writes and then lists the rows, when the first role allowed to write may not list them. */
  writer?: RoleName;
}
const DEFAULT_TENANCY = { owner: 'merchantProManager', outsider: 'merchantStdManager' } as const;
const SHARED = 'reference data: every org reads the same rows (docs/api.md)';

/** The exceptions and fixtures, by resource name; a resource absent here runs on the defaults. */
const PROFILES: Record<string, Profile> = {
  chain: { tenancy: SHARED },
  currency: { tenancy: SHARED },
  // One row per chain, read by `chainId`, written by upsert (`save` and `update` are one call).
  'contract-address': { tenancy: SHARED, key: { param: 'chainId', of: (row) => Number(row.chainId) } },
  // A member is read by its user id; the std org has four members, the operator's two.
  member: { reader: 'merchantStdManager', key: { param: 'id', of: (row) => Number(row.userId) } },
  invitation: {
    reader: 'agentManager',
    // The operator's superAdmin issues codes too, for merchants under the operator, and reads them on no list.
    writer: 'agentManager',
    // Agent managers issue codes and the demo data has one agent manager (agentNorth):
    // no second agent org signs in; other roles are refused outright (tests/api/invitation.test.ts).
    tenancy: 'one agent manager in the demo data; other roles get 403 (tests/api/accessMatrix.test.ts)',
    fixture: async (rows) => {
      for (const n of [1, 2, 3])
        expect((await rows.save({ orgName: `Contract ${n}`, invitee: `contract${n}`, tenantType: 3 })).code).toBe(200);
    },
  },
  'address-book': {
    reader: 'merchantProManager',
    fixture: (rows) => expectSaved(rows, { chainId: 1, address: '0x00000000000000000000000000000000000c0de1', label: 'Contract suite' }),
  },
  // A merchant org's managers alone read and write its API keys (docs/roles-and-routes.md "Merchant API keys").
  'api-key': {
    reader: 'merchantProManager',
    fixture: async (rows) => {
      for (const name of ['Shop', 'Backoffice', 'Reports']) await expectSaved(rows, { name, scopes: ['orders:read'] });
    },
  },
  // A merchant org's managers alone read and write its webhook endpoints (docs/webhooks.md); a devnet takes loopback URLs.
  webhook: {
    reader: 'merchantProManager',
    fixture: async (rows) => {
      for (const path of ['shop', 'backoffice', 'reports'])
        await expectSaved(rows, { url: `http://127.0.0.1:9/${path}`, events: ['order.paid'], description: path });
    },
  },
  'org-contact': {
    reader: 'merchantProManager',
    fixture: async (rows) => {
      for (const name of ['Ann', 'Ben', 'Cy'])
        await expectSaved(rows, { name, role: 'finance', email: `${name.toLowerCase()}@aurora.example` });
    },
  },
  // The demo seed has two withdrawals and two refunds (one per merchant org) and one supply (Birch's):
  // a third of each made as the console makes it (the save asks for step-up, which the client gives).
  withdraw: {
    fixtureBy: 'merchantStdManager',
    fixture: async (rows) =>
      expectSaved(rows, {
        kind: 'withdraw',
        walletId: await walletId('Birch deposits'),
        to: EXTERNAL,
        symbol: 'USDC',
        amount: '20',
        memo: '',
      }),
  },
  refund: {
    fixtureBy: 'merchantStdFinance',
    fixture: async (rows) => {
      const order = await firstPaidOrder(server, server.orgIds.stdB);
      const wallet = await walletId('Birch deposits');
      await fund(server, wallet, order.currencyId, '10');
      await expectSaved(rows, { kind: 'refund', walletId: wallet, orderNo: order.orderNo, symbol: order.symbol, amount: '1', memo: '' });
    },
  },
  supply: {
    // Only Birch (the std org) has a cold wallet that supplies in the demo data: its rows are the ones the pro manager must not see.
    tenancy: { owner: 'merchantStdManager', outsider: 'merchantProManager' },
    fixtureBy: 'merchantStdManager',
    fixture: async (rows) => {
      const [from, to] = [await walletId('Birch cold'), await walletId('Birch deposits')];
      const address = (
        await server.app.context.db.selectFrom('chainWallet').select('address').where('id', '=', to).executeTakeFirstOrThrow()
      ).address;
      for (const amount of ['1', '2'])
        await expectSaved(rows, { kind: 'supply', walletId: from, to: address, symbol: 'USDC', amount, memo: '' });
    },
  },
};

/** A demo wallet's id by its label (server/db/seed/wallets.ts). */
const walletId = async (label: string) =>
  (await server.app.context.db.selectFrom('chainWallet').select('id').where('label', '=', label).executeTakeFirstOrThrow()).id;
const EXTERNAL = '0x1111111111111111111111111111111111111111';

const expectSaved = async (rows: ResourceClient<unknown>, body: Body) => {
  const res = await rows.save(body);
  expect(res.code, res.msg).toBe(200);
};

/** An id no table reaches (inside PostgreSQL's integer range, so it is looked up, not refused as malformed). */
const UNKNOWN_ID = 2_147_480_000;
/** The first role of the table that may do this action: the one that writes in the checks. */
const writerOf = (mask: bigint | undefined) => ROLE_NAMES.find((role) => mask !== undefined && maskHas(mask, ROLES[role]));

let server: TestServer;
let sortable: Record<string, string[]>;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.ready();
  // The sortable fields as the server itself describes each list (its query schema, in the API's document).
  const doc = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>() as unknown as {
    paths: Record<string, { get?: { parameters?: Array<{ name: string; schema?: { enum?: string[] } }> } }>;
  };
  sortable = Object.fromEntries(
    RESOURCES.map((r) => [r.name, doc.paths[`/api${r.paths.list}`]?.get?.parameters?.find((p) => p.name === 'sort')?.schema?.enum ?? []]),
  );
  for (const r of RESOURCES) {
    const profile = PROFILES[r.name] ?? {};
    await profile.fixture?.(server.as(profile.fixtureBy ?? profile.reader ?? 'superAdmin').resource(r.paths));
  }
});
afterAll(() => server?.close());

it('covers every CRUD resource, and every profile names one', () => {
  expect(RESOURCES.length).toBeGreaterThanOrEqual(10);
  for (const name of Object.keys(PROFILES)) expect(RESOURCES.map((r) => r.name)).toContain(name);
});

describe.each(RESOURCES)('$name', (resource) => {
  const profile = PROFILES[resource.name] ?? {};
  const rowsOf = (account: string) => server.as(account).resource(resource.paths);
  const reader = () => rowsOf(profile.reader ?? 'superAdmin');
  const keyOf = (row: Row) => profile.key?.of(row) ?? row.id;
  const detailOf = (rows: ResourceClient<unknown>, key: number) => rows.detail(profile.key ? { [profile.key.param]: key } : key);
  const listed = async (rows: ResourceClient<unknown>, params: Params = {}) => {
    const res = await rows.list({ pageSize: 100, ...resource.scope, ...params });
    expect(res.code, res.msg).toBe(200);
    return res.data as { list: Row[]; count: number };
  };

  it('pages: page 2 holds other rows than page 1, and the total is the same on both', async () => {
    const rows = reader();
    const all = await listed(rows);
    expect(all.count, 'the reader needs three rows: add a fixture to PROFILES').toBeGreaterThanOrEqual(3);
    const one = await listed(rows, { pageSize: 2, page: 1 });
    const two = await listed(rows, { pageSize: 2, page: 2 });
    expect(one.list).toHaveLength(2);
    expect(two.list.length).toBeGreaterThanOrEqual(1);
    expect(one.count).toBe(all.count);
    expect(two.count).toBe(all.count);
    const firstKeys = one.list.map(keyOf);
    for (const row of two.list) expect(firstKeys).not.toContain(keyOf(row));
  });

  it('sorts ascending and descending on a sortable field', async () => {
    const fields = sortable[resource.name];
    expect(fields.length, 'the list declares sortable fields').toBeGreaterThan(0);
    // A time or the id: values whose order is the same in JavaScript and in the database.
    const field = ['createdAt', 'updatedAt', 'chainId', 'id'].find((f) => fields.includes(f)) ?? fields[0];
    const rows = reader();
    let count = 0;
    const values = async (order: 'asc' | 'desc') => {
      const page = await listed(rows, { sort: field, order });
      count = page.count;
      return page.list.map((row) => {
        const value = row[field];
        return typeof value === 'string' ? Date.parse(value) : Number(value);
      });
    };
    const up = await values('asc');
    const down = await values('desc');
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(down).toEqual([...down].sort((a, b) => b - a));
    // One page holds every row: the two orders are each other's reverse. More rows (a report's
    // orders): each first page is its own end, the descending one starting past the ascending one.
    if (count <= up.length) expect(down).toEqual([...up].reverse());
    else expect(down[0]).toBeGreaterThan(up[up.length - 1]!);
  });

  it('answers an unknown id with 404 in the envelope', async () => {
    const res = await detailOf(reader(), UNKNOWN_ID);
    expect(res.code).toBe(404);
    expect(res.msg).not.toBe('');
    const deleter = writerOf(resource.access.delete);
    if (deleter && resource.paths.delete) expect((await rowsOf(deleter).remove(UNKNOWN_ID)).code).toBe(404);
  });

  it('keeps one org’s rows out of another’s sight', async () => {
    const tenancy = profile.tenancy ?? DEFAULT_TENANCY;
    if (typeof tenancy === 'string') {
      // Shared or single-org: both sides read the same rows, or the outsider may not read at all.
      expect(tenancy).not.toBe('');
      return;
    }
    const own = (await listed(rowsOf(tenancy.owner))).list.map(keyOf);
    expect(own.length, `${tenancy.owner} needs rows of its own`).toBeGreaterThan(0);
    const outsider = rowsOf(tenancy.outsider);
    const seen = (await listed(outsider)).list.map(keyOf);
    expect(seen.filter((key) => own.includes(key))).toEqual([]);
    for (const key of own) expect((await detailOf(outsider, key)).code).toBe(404);
  });

  it('refuses bad input with a message in the envelope and writes nothing', async () => {
    const rows = reader();
    for (const params of [{ pageSize: 'many' }, { page: 0 }, { sort: 'noSuchField' }, { order: 'sideways' }]) {
      const res = await rows.list({ ...resource.scope, ...params });
      expect(res.code, JSON.stringify(params)).toBe(400);
      expect(res.msg).not.toBe('');
    }
    const { create, edit } = resource.access;
    const writer = profile.writer ?? writerOf(create ?? edit);
    if (!writer) return; // read-only (org): nothing to write
    const writes = rowsOf(writer);
    const before = await listed(writes);
    const res = create !== undefined ? await writes.save({}) : await writes.update(keyOf(before.list[0]), {});
    expect(res.code).toBe(400);
    expect(res.msg).not.toBe('');
    expect(await listed(writes)).toEqual(before);
  });
});
