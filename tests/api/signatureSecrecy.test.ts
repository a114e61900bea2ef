import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { type TestServer } from './harness';
import { demoKeySignatures, startSignServer, type SignClient } from './signSupport';
import type { ListResult } from '../../src/contract/envelope';
import type { AuditEventRecord } from '../../src/contract/schemas/auditLog';
import { ApiPath } from '../../src/contract/apiPaths';

// Safe signatures are bearer instruments (docs/chains.md "Signatures are secrets"): no answer, audit row or export hands them out.
let server: TestServer, sign: SignClient, wallets: Record<string, number>;
const RECIPIENT = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

beforeAll(async () => {
  ({ server, sign, wallets } = await startSignServer());
});
afterAll(() => server?.close());

const hashOf = (signature: string) => `sha256:${createHash('sha256').update(signature, 'utf8').digest('hex')}`;

/** A GET's raw text as the caller receives it (a CSV export too). */
const rawText = async (account: string, path: string, query: Record<string, string | number> = {}) => {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api${path}`,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: { authorization: `Bearer ${await sign.token(account)}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
};

describe('an approval’s signatures are secrets', () => {
  let proposalId: number;
  let signature: string;
  let lower: string[];

  beforeAll(async () => {
    // Two open proposals: the second's approval also signs its transaction at the first's nonce (lowerSignatures).
    const body = { walletId: wallets['Aurora cold'], kind: 'transfer', to: RECIPIENT, amount: '0.25', symbol: 'ETH', memo: 'secrecy' };
    expect((await sign.startUnsigned('merchantProManager', body)).code).toBe(200);
    const started = await sign.startUnsigned('merchantProManager', { ...body, amount: '0.5' });
    expect(started.code).toBe(200);
    proposalId = started.data.proposalId;
    const { data } = await sign.detail('merchantProFinance', proposalId);
    const signed = await demoKeySignatures('merchantProFinance', data.signing!);
    signature = signed.signature;
    lower = Object.values(signed.lowerSignatures);
    expect(lower.length).toBeGreaterThan(0);
    const approved = await server.call('POST', ApiPath.sign.approval, {
      token: await sign.token('merchantProFinance'),
      body: { proposalId, comment: '', ...signed },
    });
    expect(approved.code).toBe(200);
  });

  const secrets = () => [signature, ...lower].map((s) => s.slice(2).toLowerCase());
  const expectNoSecret = (text: string, where: string) => {
    for (const secret of secrets()) expect(text.toLowerCase().includes(secret), `${where} holds a signature`).toBe(false);
  };

  it('the audit trail keeps the signature’s hash, never the signature, and the rows themselves hold none', async () => {
    const events = await server.call<ListResult<AuditEventRecord>>('GET', ApiPath.auditLog.list, {
      token: await sign.token('superAdmin'),
      query: { entity: 'proposalVote', pageSize: 500 },
    });
    const event = events.data.list.find((e) => e.after?.proposalId === String(proposalId));
    expect(event).toBeDefined();
    expect(event!.after).toMatchObject({ signature: hashOf(signature) });
    const lowerHashed = Object.values(event!.after!.lowerSignatures as Record<string, string>);
    expect(lowerHashed.sort()).toEqual(lower.map(hashOf).sort());
    const { rows } = await sql<{ text: string }>`select row_to_json(e)::text as text from audit_event e`.execute(server.app.context.db);
    expectNoSecret(rows.map((r) => r.text).join('\n'), 'audit_event');
  });

  it('the operator, the org’s manager, its agent’s manager and another signer read no signature in the audit log, its detail, its export, the proposal or the lists', async () => {
    const event = (
      await server.call<ListResult<AuditEventRecord>>('GET', ApiPath.auditLog.list, {
        token: await sign.token('superAdmin'),
        query: { entity: 'proposalVote', pageSize: 500 },
      })
    ).data.list.find((e) => e.after?.proposalId === String(proposalId))!;
    for (const account of ['operatorEmployee', 'merchantProManager', 'agentManager']) {
      const list = await rawText(account, ApiPath.auditLog.list, { pageSize: 500 });
      expect(list.includes(hashOf(signature)), `${account} sees the hash`).toBe(true);
      expectNoSecret(list, `${account}'s audit list`);
      const detail = await rawText(account, ApiPath.auditLog.detail, { id: event.id });
      expect(detail.includes(hashOf(signature))).toBe(true);
      expectNoSecret(detail, `${account}'s audit detail`);
      const csv = await rawText(account, ApiPath.auditLog.export, { entity: 'proposalVote' });
      expect(csv.includes(hashOf(signature))).toBe(true);
      expectNoSecret(csv, `${account}'s audit export`);
    }
    // The proposal itself, its lists and its log, to everyone who reads them, the signer too (the console never needs it back).
    for (const account of ['operatorEmployee', 'merchantProManager', 'agentManager', 'merchantProEmployee', 'merchantProFinance']) {
      expectNoSecret(await rawText(account, ApiPath.sign.detail, { proposalId }), `${account}'s proposal detail`);
      expectNoSecret(await rawText(account, ApiPath.sign.list, { pageSize: 500 }), `${account}'s proposal list`);
      expectNoSecret(await rawText(account, ApiPath.sign.logList, { pageSize: 500 }), `${account}'s sign log`);
    }
  });
});
