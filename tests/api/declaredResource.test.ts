import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import { BodyCode } from '../../src/contract/envelope';
import type { ListResult } from '../../src/contract/envelope';
import type { AuditEventRecord } from '../../src/contract/schemas/auditLog';
import { ApiPath, resourcePaths, withId } from '../../src/contract/apiPaths';
import orgContact from '../../src/resources/orgContact/resource';

// The paths the server derives from the declaration (server/modules/declared/routes.ts).
const contactPaths = resourcePaths(orgContact.name);

/**
 * The proof of "a new resource is one declaration": org contacts exist only as
 * src/resources/orgContact/resource.ts and their migration. Their API — validation, access,
 * tenancy, audit — is the generic service's, read from that file.
 */
type Contact = {
  id: number;
  orgId: number;
  name: string;
  role: string;
  email: string;
  phone: string;
  outOfHours: boolean;
  notes: string;
  createdAt: string;
  updatedAt: string;
};

let server: TestServer;
const tokens: Record<string, string> = {};
const token = async (account: string) => (tokens[account] ??= await server.login(account));
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server?.close());

const post = async (account: string, path: string, body?: unknown) =>
  server.call<Contact>('POST', path, { token: await token(account), body });
const list = async (account: string, query: Record<string, string | number> = {}) =>
  server.call<ListResult<Contact>>('GET', contactPaths.list, { token: await token(account), query: { pageSize: 100, ...query } });
const detail = async (account: string, id: number) =>
  server.call<Contact>('GET', contactPaths.detail, { token: await token(account), query: { id } });
const stored = async () => (await sql<Contact>`select * from org_contact order by id`.execute(server.app.context.db)).rows;
const auroraSecurity = { name: 'Ines Ops', role: 'security', email: 'ines@aurora.example', phone: '+44 20 7946 0000', outOfHours: true };

describe('a resource served from its declaration alone', () => {
  let auroraId: number;

  it('a manager adds a contact to their org (the declaration’s hook lower-cases the email); the answer is the declared columns and no others', async () => {
    const saved = await post('merchantProManager', contactPaths.save, {
      ...auroraSecurity,
      email: 'Ines@Aurora.Example',
      notes: 'Call first',
    });
    expect(saved.code).toBe(200);
    auroraId = saved.data.id;
    expect(saved.data).toMatchObject({ ...auroraSecurity, notes: 'Call first', orgId: server.orgIds.proA });
    expect(Object.keys(saved.data).sort()).toEqual([
      'createdAt',
      'email',
      'id',
      'name',
      'notes',
      'orgId',
      'outOfHours',
      'phone',
      'role',
      'updatedAt',
    ]);
  });

  it('every member of the org reads it; a text filter, the role filter and the sort are the server’s', async () => {
    await post('merchantProManager', contactPaths.save, { name: 'Abel Accounts', role: 'finance', email: 'abel@aurora.example' });
    const read = await list('merchantProEmployee', { sort: 'name', order: 'asc' });
    expect(read.data.list.map((c) => c.name)).toEqual(['Abel Accounts', 'Ines Ops']);
    expect((await list('merchantProEmployee', { role: 'finance' })).data.list.map((c) => c.name)).toEqual(['Abel Accounts']);
    expect((await list('merchantProEmployee', { name: 'ines' })).data.list.map((c) => c.name)).toEqual(['Ines Ops']);
    expect((await list('merchantProEmployee', { sort: 'secret' })).code).toBe(BodyCode.badRequest);
    expect((await detail('merchantProFinance', auroraId)).data.email).toBe('ines@aurora.example');
  });

  it('an employee may not write; another org neither reads nor changes it; its agent reads but never writes it', async () => {
    const before = await stored();
    expect((await post('merchantProEmployee', contactPaths.save, auroraSecurity)).code).toBe(BodyCode.forbidden);
    expect((await post('merchantProEmployee', contactPaths.update, { id: auroraId, name: 'Mallory' })).code).toBe(BodyCode.forbidden);

    // Another merchant: not in its list, and by id it does not exist.
    expect((await list('merchantStdManager')).data.list).toEqual([]);
    expect((await detail('merchantStdManager', auroraId)).code).toBe(BodyCode.notFound);
    expect((await post('merchantStdManager', contactPaths.update, { id: auroraId, email: 'mallory@evil.example' })).code).toBe(
      BodyCode.notFound,
    );
    expect((await post('merchantStdManager', withId(contactPaths.delete, auroraId))).code).toBe(BodyCode.notFound);

    // Aurora's agent sees its merchants' contacts, but keeps its own org's only.
    expect((await list('agentManager')).data.list.map((c) => c.name)).toContain('Ines Ops');
    expect((await post('agentManager', contactPaths.update, { id: auroraId, email: 'agent@north.example' })).code).toBe(BodyCode.notFound);
    expect((await list('superAdmin')).data.list.map((c) => c.name)).toContain('Ines Ops');
    expect(await stored()).toEqual(before);
  });

  it('an org id or a date in the body is ignored: a contact is written into the caller’s own org and stays there', async () => {
    const saved = await post('merchantStdManager', contactPaths.save, {
      name: 'Planted',
      role: 'security',
      email: 'plant@birch.example',
      orgId: server.orgIds.proA,
    });
    expect(saved.data.orgId).toBe(server.orgIds.stdB);
    expect((await list('merchantProEmployee')).data.list.map((c) => c.name)).not.toContain('Planted');
    // Nor can an update move a row to another org or rewrite when it was made.
    const moved = await post('merchantStdManager', contactPaths.update, {
      id: saved.data.id,
      orgId: server.orgIds.proA,
      createdAt: '2001-01-01T00:00:00Z',
      notes: 'moved?',
    });
    expect(moved.data).toMatchObject({ orgId: server.orgIds.stdB, createdAt: saved.data.createdAt, notes: 'moved?' });
  });

  it('bad input is refused field by field, in words, and nothing is written', async () => {
    const before = await stored();
    const bad = await post('merchantProManager', contactPaths.save, { name: ' ', role: 'ceo', email: 'not-an-address', phone: 'call me' });
    expect(bad.code).toBe(BodyCode.badRequest);
    expect(bad.msg).toBeTruthy();
    const fields = (bad as unknown as { errors?: Record<string, string> }).errors ?? (bad.data as unknown as Record<string, string>);
    expect(Object.keys(fields ?? {}).sort()).toEqual(['email', 'name', 'phone', 'role']);
    expect(String((fields as Record<string, string>).email)).toMatch(/email address/i);
    expect((await post('merchantProManager', contactPaths.update, { id: auroraId, email: 'still wrong' })).code).toBe(BodyCode.badRequest);
    expect((await post('merchantProManager', contactPaths.update, { id: 'x', name: 'A' })).code).toBe(BodyCode.badRequest);
    expect((await post('merchantProManager', withId(contactPaths.delete, 'abc'))).code).toBe(BodyCode.badRequest);
    expect(await stored()).toEqual(before);
  });

  it('an update changes what it names and keeps the rest; a delete removes it; each is audited under the resource', async () => {
    const updated = await post('merchantProManager', contactPaths.update, { id: auroraId, phone: '', outOfHours: false });
    expect(updated.data).toMatchObject({ name: 'Ines Ops', email: 'ines@aurora.example', phone: '', outOfHours: false });
    expect(Date.parse(updated.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(updated.data.createdAt));
    expect((await post('merchantProManager', withId(contactPaths.delete, auroraId))).code).toBe(200);
    expect((await detail('merchantProManager', auroraId)).code).toBe(BodyCode.notFound);

    const events = await server.call<ListResult<AuditEventRecord>>('GET', ApiPath.auditLog.list, {
      token: await token('superAdmin'),
      query: { entity: 'org-contact', entityId: String(auroraId), pageSize: 50 },
    });
    expect(events.data.list.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(events.data.list.find((e) => e.action === 'update')).toMatchObject({
      actorAccount: 'merchantProManager',
      before: { outOfHours: true },
      after: { outOfHours: false },
    });
  });

  it('two managers racing past the limit of contacts per org store no more than the limit', async () => {
    const room = 50 - (await list('merchantStdManager')).data.count;
    const results = await Promise.all(
      Array.from({ length: room + 4 }, (_, i) =>
        post('merchantStdManager', contactPaths.save, { name: `Contact ${i}`, role: 'operations', email: `c${i}@birch.example` }),
      ),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(room);
    expect(results.filter((r) => r.code === BodyCode.conflict).map((r) => r.msg)).toEqual(Array(4).fill(expect.stringMatching(/50/)));
    expect((await list('merchantStdManager')).data.count).toBe(50);
  }, 60_000);
});

describe('the declared resource in the API’s own document', () => {
  it('has its five operations, its access in words and its record with the declared fields', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json() as { paths: Record<string, Record<string, { description?: string; responses: Record<string, unknown> }>> };
    const paths = Object.keys(doc.paths).filter((p) => p.includes('/org-contact/'));
    expect(paths.sort()).toEqual(
      [contactPaths.delete, contactPaths.detail, contactPaths.list, contactPaths.save, contactPaths.update].map((p) => `/api${p}`),
    );
    const detail = JSON.stringify(doc.paths[`/api${contactPaths.detail}`].get.responses);
    for (const field of ['name', 'role', 'email', 'phone', 'outOfHours', 'notes', 'orgId', 'createdAt', 'updatedAt'])
      expect(detail).toContain(`"${field}"`);
    expect(doc.paths[`/api${contactPaths.save}`].post.description).toMatch(/merchantProManager/);
  });
});
