import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer } from './harness';
import { demoKeySignatures, startSignServer, type SignClient } from './signSupport';
import type { ListResult } from '../../src/contract/envelope';
import type { AuditEventRecord } from '../../src/contract/schemas/auditLog';
import { ApiPath } from '../../src/contract/apiPaths';

// One name per proposal (src/contract/proposalReference.ts) and its steps in the audit log;
// the Safe's own numbers on the detail (docs/DECISIONS.md "Proposal names in the audit log").
let server: TestServer, sign: SignClient, wallets: Record<string, number>;
const RECIPIENT = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

beforeAll(async () => {
  ({ server, sign, wallets } = await startSignServer());
});
afterAll(() => server?.close());

const auditOf = async (account: string, query: Record<string, string | number>) =>
  (
    await server.call<ListResult<AuditEventRecord>>('GET', ApiPath.auditLog.list, {
      token: await sign.token(account),
      query: { pageSize: 500, ...query },
    })
  ).data;

describe('a proposal named by wallet and nonce, its steps said', () => {
  let proposalId: number;
  let reference: string;

  beforeAll(async () => {
    const started = await sign.startUnsigned('merchantProManager', {
      walletId: wallets['Aurora cold'],
      kind: 'transfer',
      to: RECIPIENT,
      amount: '0.25',
      symbol: 'ETH',
      memo: 'names',
    });
    expect(started.code).toBe(200);
    proposalId = started.data.proposalId;
    reference = `Aurora cold · #${started.data.nonce}`;
    // On a Safe its signer has not approved by starting: the answer says it waits for them.
    expect(started.data).toMatchObject({ status: 'pending', awaitsYourSignature: true });
    const { data } = await sign.detail('merchantProFinance', proposalId);
    const signed = await demoKeySignatures('merchantProFinance', data.signing!);
    expect(
      (
        await server.call('POST', ApiPath.sign.approval, {
          token: await sign.token('merchantProFinance'),
          body: { proposalId, comment: '', ...signed },
        })
      ).code,
    ).toBe(200);
    expect(
      (
        await server.call('POST', ApiPath.sign.deny, {
          token: await sign.token('merchantProEmployee'),
          body: { proposalId, comment: 'no' },
        })
      ).code,
    ).toBe(200);
  });

  it('the detail carries the Safe nonce the transaction takes beside the Safe transaction hash', async () => {
    const { data } = await sign.detail('merchantProManager', proposalId);
    expect(data.signing!.safeNonce).toBe(String(data.signing!.typedData.message.nonce));
    expect(data.signing!.safeTxHash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('the org’s manager reads each event of it by its name and step: started, approved, denied, closed as denied', async () => {
    const events = [
      ...(await auditOf('merchantProManager', { entity: 'proposal' })).list,
      ...(await auditOf('merchantProManager', { entity: 'proposalVote' })).list,
    ]
      .filter((e) => e.proposalId === proposalId)
      .sort((a, b) => a.id - b.id);
    expect(events.map((e) => [e.entity, e.proposalStep, e.proposal])).toEqual([
      ['proposal', 'start', reference],
      ['proposalVote', 'approval', reference],
      ['proposalVote', 'deny', reference],
      ['proposal', 'denied', reference],
    ]);
    // Another kind of record has none.
    const [other] = (await auditOf('merchantProManager', { entity: 'wallet' })).list;
    if (other) expect(other).toMatchObject({ proposal: null, proposalStep: null, proposalId: null });
  });

  it('the export names it and its steps as the list does', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api${ApiPath.auditLog.export}`,
      query: { entity: 'proposal' },
      headers: { authorization: `Bearer ${await sign.token('merchantProManager')}`, 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\r\n').filter((line) => line.includes(reference));
    expect(lines.some((line) => line.includes('Proposal started'))).toBe(true);
    expect(lines.some((line) => line.includes('Closed as denied'))).toBe(true);
    expect(response.body.split('\r\n')[0]).toContain('Which record');
  });

  it('another org’s manager reads none of its events, by list or by its id', async () => {
    for (const entity of ['proposal', 'proposalVote']) {
      const { list } = await auditOf('merchantStdManager', { entity });
      expect(list.some((e) => e.proposalId === proposalId || e.proposal === reference)).toBe(false);
    }
    expect((await auditOf('merchantStdManager', { entity: 'proposal', entityId: String(proposalId) })).list).toEqual([]);
  });
});
