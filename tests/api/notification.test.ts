import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { TestServer } from './harness';
import { ethPayout, insertMultisig, RECIPIENT, startSignServer, userIdsByAccount, type SignClient } from './signSupport';
import { deliverDue } from '../../server/modules/webhook/delivery';
import { expireOverdue } from '../../server/modules/outflow/expiry';
import { resumeOutflows } from '../../server/modules/outflow/resume';
import { ApiPath, withId } from '../../src/contract/apiPaths';
import { BodyCode, type Envelope } from '../../src/contract/envelope';
import type { NotificationList, NotificationUnread } from '../../src/contract/schemas/notification';
import type { WebhookRecord } from '../../src/contract/schemas/webhook';

/**
 * Signers are told (docs/webhooks.md "Proposal events", "Notifications in the app bar"): a proposal
 * waiting for approvals is a notice to each signer who can still approve it, and only to them, gone
 * once it is decided; its start, execution and denial are webhook events to its org's endpoints
 * alone, signed, once each.
 */

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
interface ProposalPayload {
  type: string;
  data: { id: number; status: string; txHash: string | null; approvalsNeeded: number; approvalsGiven: number } & Record<string, unknown>;
}

let server: TestServer, sign: SignClient, wallets: Record<string, number>;
let receiver: Server, base: string;
let float: number;
const received: Received[] = [];
const secrets: Record<string, string> = {};

beforeAll(async () => {
  ({ server, sign, wallets } = await startSignServer());
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // Each merchant org's managers listen to proposals on their own path.
  for (const [account, path] of [
    ['merchantStdManager', '/birch'],
    ['merchantProManager', '/aurora'],
  ] as const) {
    const saved = await server
      .as(account)
      .resource(ApiPath.webhook)
      .save({ url: `${base}${path}`, events: ['proposal.needs_approval', 'proposal.executed', 'proposal.denied'], description: path });
    expect(saved).toMatchObject({ code: BodyCode.ok });
    secrets[path] = (saved as Envelope<WebhookRecord>).data.secret!;
  }
  float = await birchTwoOfTwo('Birch notice float');
}, 120_000);
afterAll(async () => {
  if (receiver) await new Promise((resolve) => receiver.close(resolve));
  await server?.close();
});

/** A 2-of-2 wallet of Birch's manager and finance; Birch's employee (and multiOrg there) may start on it and sign nothing. */
const birchTwoOfTwo = (label: string) =>
  insertMultisig(server, {
    orgId: server.orgIds.stdB,
    kind: 'MultiSigHotStd',
    label,
    threshold: 2,
    signers: ['merchantStdManager', 'merchantStdFinance'],
    funds: { USDC: '100', ETH: '0.1' },
  });
const STD = () => server.orgIds.stdB;
const floatTransfer = (amount: string) => ({ walletId: float, kind: 'transfer', to: RECIPIENT, amount, symbol: 'USDC', memo: 'notice' });
/** Started by multiOrg in Birch, who signs nothing there. */
async function startOnFloat(amount: string): Promise<number> {
  const started = await server.as('multiOrg').call<{ proposalId: number }>('POST', ApiPath.sign.start, {
    orgId: STD(),
    body: floatTransfer(amount),
  });
  expect(started).toMatchObject({ code: BodyCode.ok });
  return started.data.proposalId;
}

const notices = async (account: string, orgId?: number) => {
  const answer = await server.as(account).call<NotificationList>('GET', ApiPath.notification.list, { orgId });
  expect(answer).toMatchObject({ code: BodyCode.ok });
  return answer.data;
};
const aboutProposal = (list: NotificationList, proposalId: number) =>
  list.list.filter((n) => n.kind === 'proposal.needs_approval' && n.data.proposalId === proposalId);
/** Who holds a notice of the proposal, by the table itself (any org, any state). */
const holders = async (proposalId: number) =>
  (
    await server.db
      .selectFrom('notification')
      .innerJoin('appUser', 'appUser.id', 'notification.userId')
      .select('appUser.account')
      .where('subject', '=', `proposal:${proposalId}`)
      .orderBy('appUser.account')
      .execute()
  ).map((r) => r.account);

/** The delivery loop, as two instances run it, until nothing is due (at `now`, the server's clock unless given). */
async function deliverAll(now: () => Date = server.now): Promise<void> {
  const runner = { db: server.app.context.db, now, chainMode: 'devnet' as const };
  for (;;) {
    const [a, b] = await Promise.all([deliverDue(runner), deliverDue(runner)]);
    if (a.length + b.length === 0) return;
  }
}
/** The proposal events a path received about one proposal, each verified as a receiver would. */
function eventsAt(path: string, proposalId: number): ProposalPayload[] {
  return received
    .filter((r) => r.path === path)
    .map((r) => {
      const verified = new Webhook(secrets[path]).verify(r.body, {
        'webhook-id': String(r.headers['webhook-id']),
        'webhook-timestamp': String(r.headers['webhook-timestamp']),
        'webhook-signature': String(r.headers['webhook-signature']),
      }) as ProposalPayload;
      return verified;
    })
    .filter((p) => p.type.startsWith('proposal.') && p.data.id === proposalId);
}

describe('app-bar notifications of a proposal', () => {
  it('a started proposal notifies exactly its signers who can approve: not the starter who signs nothing, not other members, not other orgs', async () => {
    const id = await startOnFloat('1');
    expect(await holders(id)).toEqual(['merchantStdFinance', 'merchantStdManager']);
    const manager = await notices('merchantStdManager');
    expect(aboutProposal(manager, id)).toEqual([
      expect.objectContaining({
        subject: `proposal:${id}`,
        readAt: null,
        data: expect.objectContaining({ proposalId: id, walletId: float, walletLabel: 'Birch notice float', amount: '1', symbol: 'USDC' }),
      }),
    ]);
    expect(manager.unread).toBeGreaterThanOrEqual(1);
    expect(aboutProposal(await notices('multiOrg', STD()), id)).toEqual([]);
    expect(aboutProposal(await notices('merchantStdEmployee'), id)).toEqual([]);
    expect(aboutProposal(await notices('merchantProManager'), id)).toEqual([]);
    await sign.act('merchantStdManager', 'deny', id);
  });

  it('an approval clears the approver’s notice; the one that reaches the threshold clears everyone’s; the execution leaves none', async () => {
    const id = await startOnFloat('2');
    const finance = await notices('merchantStdFinance');
    expect((await sign.act('merchantStdManager', 'approval', id)).data.status).toBe('pending');
    expect(await holders(id)).toEqual(['merchantStdFinance']);
    expect(aboutProposal(await notices('merchantStdManager'), id)).toEqual([]);
    expect((await sign.act('merchantStdFinance', 'approval', id)).data.status).toBe('approved');
    expect(await holders(id)).toEqual([]);
    expect((await notices('merchantStdFinance')).unread).toBe(finance.unread - 1);
    expect((await sign.act('merchantStdManager', 'confirm', id)).data.status).toBe('executed');
    expect(await holders(id)).toEqual([]);
  });

  it('a denial clears it for every signer at once', async () => {
    const id = await startOnFloat('3');
    expect(await holders(id)).toHaveLength(2);
    expect((await sign.act('merchantStdFinance', 'deny', id)).data.status).toBe('denied');
    expect(await holders(id)).toEqual([]);
    expect(aboutProposal(await notices('merchantStdManager'), id)).toEqual([]);
  });

  it('on a Safe: the proposer’s own signature clears theirs; the execution booked on chain clears the rest', async () => {
    const started = await sign.start('merchantProManager', ethPayout(wallets['Aurora cold'], '0.01'));
    const id = started.data.proposalId;
    expect(await holders(id)).toEqual(['merchantProEmployee', 'merchantProFinance']);
    expect((await sign.act('merchantProFinance', 'approval', id)).data.status).toBe('approved');
    expect(await holders(id)).toEqual([]);
    expect((await sign.act('merchantProEmployee', 'confirm', id)).data.status).toBe('executed');
  });
});

describe('reading and marking notices: each user their own', () => {
  it('marks one read, then all; another user’s notice is 404 and stays as it was', async () => {
    const id = await startOnFloat('5');
    const [mine] = aboutProposal(await notices('merchantStdManager'), id);
    const [theirs] = aboutProposal(await notices('merchantStdFinance'), id);
    const before = (await notices('merchantStdManager')).unread;

    // Finance tries the manager's notice, and so does a user of another org, and an id that does not exist.
    for (const [account, target] of [
      ['merchantStdFinance', mine.id],
      ['merchantProManager', mine.id],
      ['merchantStdFinance', 999_999_999],
    ] as const) {
      const refused = await server.as(account).call('POST', withId(ApiPath.notification.read, target));
      expect(refused).toMatchObject({ code: BodyCode.notFound, msg: 'Notification was not found.' });
    }
    expect(aboutProposal(await notices('merchantStdManager'), id)[0].readAt).toBeNull();
    // Not an id: a 400 with words, not a 500.
    expect(await server.as('merchantStdManager').call('POST', withId(ApiPath.notification.read, 'x'))).toMatchObject({
      code: BodyCode.badRequest,
    });

    const read = await server.as('merchantStdManager').call<NotificationUnread>('POST', withId(ApiPath.notification.read, mine.id));
    expect(read).toMatchObject({ code: BodyCode.ok, data: { unread: before - 1 } });
    expect(aboutProposal(await notices('merchantStdManager'), id)[0].readAt).not.toBeNull();
    // Marking again changes nothing.
    expect(await server.as('merchantStdManager').call('POST', withId(ApiPath.notification.read, mine.id))).toMatchObject({
      data: { unread: before - 1 },
    });

    // Mark all read: the caller's, never finance's.
    const all = await server.as('merchantStdManager').call<NotificationUnread>('POST', ApiPath.notification.readAll);
    expect(all).toMatchObject({ code: BodyCode.ok, data: { unread: 0 } });
    expect((await notices('merchantStdManager')).list.every((n) => n.readAt !== null)).toBe(true);
    expect(aboutProposal(await notices('merchantStdFinance'), id)[0]).toMatchObject({ id: theirs.id, readAt: null });
    await sign.act('merchantStdFinance', 'deny', id);
  });

  it('the list is newest first, and holds the selected org’s notices only', async () => {
    const first = await startOnFloat('6');
    const second = await startOnFloat('7');
    const listed = (await notices('merchantStdFinance')).list.map((n) => n.data.proposalId);
    expect(listed.indexOf(second)).toBeLessThan(listed.indexOf(first));
    // Seen from another selected org (multiOrg's default is Delta), Birch's notices are not listed.
    expect(aboutProposal(await notices('multiOrg'), first)).toEqual([]);
    await sign.act('merchantStdFinance', 'deny', first);
    await sign.act('merchantStdFinance', 'deny', second);
  });
});

describe('proposal webhook events', () => {
  it('needs_approval, executed and denied arrive once each, signed, with the proposal, and never at another org', async () => {
    const executed = await startOnFloat('8');
    await sign.act('merchantStdManager', 'approval', executed);
    await sign.act('merchantStdFinance', 'approval', executed);
    const confirmed = await sign.act('merchantStdFinance', 'confirm', executed);
    expect(confirmed.data.status).toBe('executed');
    const denied = await startOnFloat('9');
    await sign.act('merchantStdManager', 'deny', denied);
    await deliverAll();
    await deliverAll();

    expect(eventsAt('/birch', executed).map((e) => e.type)).toEqual(['proposal.needs_approval', 'proposal.executed']);
    const [waiting, done] = eventsAt('/birch', executed);
    expect(waiting.data).toMatchObject({
      id: executed,
      walletId: float,
      wallet: 'Birch notice float',
      kind: 'transfer',
      amount: '8',
      currency: 'USDC',
      toAddress: RECIPIENT,
      status: 'pending',
      approvalsNeeded: 2,
      approvalsGiven: 0,
      txHash: null,
    });
    expect(done.data).toMatchObject({ id: executed, status: 'executed', approvalsGiven: 2, txHash: confirmed.data.txHash });
    expect(eventsAt('/birch', denied).map((e) => e.type)).toEqual(['proposal.needs_approval', 'proposal.denied']);
    expect(eventsAt('/birch', denied)[1].data).toMatchObject({ status: 'denied', txHash: null });
    // Aurora's endpoint heard nothing of Birch's proposals.
    expect([...eventsAt('/aurora', executed), ...eventsAt('/aurora', denied)]).toEqual([]);
  });

  it('a Safe execution booked by the resume after its booking failed: proposal.executed once, with the chain’s hash', async () => {
    const started = await sign.start('merchantProManager', ethPayout(wallets['Aurora cold'], '0.02'));
    const id = started.data.proposalId;
    await sign.act('merchantProFinance', 'approval', id);
    // The booking fails after the chain moved (as a process stopping there would leave it): the resume books it.
    await sql`CREATE OR REPLACE FUNCTION test_booking_fails() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.action = 'confirm' THEN RAISE EXCEPTION 'booking lost (test)'; END IF; RETURN NEW; END $$`.execute(server.db);
    await sql`CREATE TRIGGER test_booking_fails BEFORE INSERT ON sign_log FOR EACH ROW EXECUTE FUNCTION test_booking_fails()`.execute(
      server.db,
    );
    try {
      await sign.act('merchantProEmployee', 'confirm', id);
    } finally {
      await sql`DROP TRIGGER test_booking_fails ON sign_log`.execute(server.db);
    }
    expect((await server.db.selectFrom('proposal').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(
      'approved',
    );
    const runner = { db: server.db, chains: server.app.context.chains, now: () => new Date(server.now().getTime() + 3_600_000) };
    const failures: unknown[] = [];
    await resumeOutflows(runner, (_owner, error) => failures.push(error));
    await resumeOutflows(runner, (_owner, error) => failures.push(error));
    expect(failures).toEqual([]);
    const stored = await server.db.selectFrom('proposal').select(['status', 'txHash']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.status).toBe('executed');
    // The event is dated at the booking, by the resume's clock.
    await deliverAll(runner.now);
    const events = eventsAt('/aurora', id);
    expect(events.map((e) => e.type)).toEqual(['proposal.needs_approval', 'proposal.executed']);
    expect(events[1].data).toMatchObject({ status: 'executed', txHash: stored.txHash, approvalsNeeded: 2, approvalsGiven: 2 });
    expect(eventsAt('/birch', id)).toEqual([]);
    expect(await holders(id)).toEqual([]);
  }, 60_000);
});

describe('a signer change', () => {
  it('supersedes the open proposals of its wallet: their notices go in the same statement; its own execution is an event', async () => {
    const users = await userIdsByAccount(server);
    const walletId = await birchTwoOfTwo('Birch notice signers');
    const change = await sign.start('merchantStdManager', {
      walletId,
      kind: 'governance',
      signers: [users.merchantStdManager, users.merchantStdFinance, users.merchantStdEmployee],
      threshold: 2,
      memo: '',
    });
    expect(change).toMatchObject({ code: BodyCode.ok });
    const changeId = change.data.proposalId;
    expect(await holders(changeId)).toEqual(['merchantStdFinance']);
    const transfer = await server.as('multiOrg').call<{ proposalId: number }>('POST', ApiPath.sign.start, {
      orgId: STD(),
      body: { ...floatTransfer('1'), walletId },
    });
    const transferId = transfer.data.proposalId;
    expect(await holders(transferId)).toEqual(['merchantStdFinance', 'merchantStdManager']);

    await sign.act('merchantStdFinance', 'approval', changeId);
    expect((await sign.act('merchantStdManager', 'confirm', changeId)).data.status).toBe('executed');
    expect((await sign.detail('merchantStdManager', transferId)).data.status).toBe('superseded');
    expect(await holders(transferId)).toEqual([]);
    await deliverAll();
    expect(eventsAt('/birch', changeId).map((e) => e.type)).toEqual(['proposal.needs_approval', 'proposal.executed']);
    expect(eventsAt('/birch', changeId)[0].data).toMatchObject({ kind: 'governance', approvalsGiven: 1, approvalsNeeded: 2 });
    // Superseded is no decision a receiver acts on: no event beyond its start.
    expect(eventsAt('/birch', transferId).map((e) => e.type)).toEqual(['proposal.needs_approval']);
  });
});

// Last: it moves the clock past a proposal's time to live.
describe('expiry', () => {
  it('an expired proposal’s notice is gone from the list at its expiry, before any sweep, and the sweep removes it', async () => {
    const id = await startOnFloat('4');
    const { expiresAt } = await server.db.selectFrom('proposal').select('expiresAt').where('id', '=', id).executeTakeFirstOrThrow();
    server.advanceClock(expiresAt.getTime() - server.now().getTime() + 1_000);
    // Past a session's lifetime too, maybe: signed in again.
    server.as('merchantStdManager').forgetSession();
    expect(aboutProposal(await notices('merchantStdManager'), id)).toEqual([]);
    expect(await holders(id)).toHaveLength(2);
    await expireOverdue(server.db, server.now());
    expect(await holders(id)).toEqual([]);
  });
});
