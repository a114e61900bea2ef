import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Address } from 'viem';
import { startTestServer, type TestServer } from './harness';
import { readChainUpTo, signedTokenTransfer } from './chainSupport';
import { createFirstOperator, FirstOperatorRefused } from '../../server/modules/account/firstOperator';
import { devnetAccount } from '../../server/chain/evm/devnet';
import { devnetChainId } from '../../server/chain/registry';
import { pollChain } from '../../server/modules/deposit/watcher';
import { projectRoot } from '../../server/config';
import { ApiPath, withId } from '../../src/contract/apiPaths';
import { BodyCode, type Envelope } from '../../src/contract/envelope';
import type { ChainRecord } from '../../src/contract/schemas/chain';
import type { CheckoutOrder } from '../../src/contract/schemas/checkout';
import type { LedgerVerifyResult } from '../../src/contract/schemas/ledger';

// Issue 36's "Done when" (README "Starting with nothing seeded"): on a platform started with nothing
// seeded, the first operator made by `npm run operator:create`, then only what the console and the
// merchant API do, up to a payer's payment on the devnet that pays a merchant's order. Nothing here
// writes the database but the command's function.
let server: TestServer;
const PASSWORD = 'First@Run1';
const CHAIN = 1;
// A USDT-like token at the address an operator would type in (the real network's): the devnet makes its contract.
const USDT_ADDRESS = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const payer = devnetAccount('the first payer, with a browser wallet');

beforeAll(async () => {
  server = await startTestServer({ seed: false });
}, 120_000);
afterAll(() => server?.close());

const ok = <T>(answer: Envelope<T>): T => {
  expect(answer).toMatchObject({ code: BodyCode.ok });
  return answer.data;
};

/** What each step hands the next, as a person carries it from one screen to the next. */
const walk = {
  operator: '',
  manager: '',
  apiKey: '',
  order: { id: 0, depositAddress: '', checkoutCode: '', amountUnits: '' },
};

describe('the first operator (npm run operator:create)', () => {
  it('refuses an account name or a password the sign-up would refuse, saying why and writing nothing', async () => {
    await expect(createFirstOperator(server.db, { account: 'founder', name: 'Founder', password: 'short' })).rejects.toThrow(
      new FirstOperatorRefused('password: At least 8 characters, with a letter and a digit.'),
    );
    await expect(createFirstOperator(server.db, { account: '1x', name: 'Founder', password: PASSWORD })).rejects.toThrow(
      /^account "1x": 3 to 64/,
    );
    expect(await server.db.selectFrom('appUser').select('id').execute()).toEqual([]);
  });

  it('makes the operator org and its superAdmin once, however many run at once; audited as the system', async () => {
    const runs = await Promise.all(
      ['founder', 'cofounder'].map((account) => createFirstOperator(server.db, { account, name: 'Founder', password: PASSWORD })),
    );
    expect(runs.filter((run) => run.created)).toHaveLength(1);
    expect(await createFirstOperator(server.db, { account: 'latecomer', name: 'Late', password: PASSWORD })).toEqual({ created: false });
    const members = await server.db
      .selectFrom('membership')
      .innerJoin('org', 'org.id', 'membership.orgId')
      .innerJoin('appUser', 'appUser.id', 'membership.userId')
      .select(['appUser.account', 'org.tenantType', 'org.parentId', 'membership.roleLevel'])
      .execute();
    expect(members).toHaveLength(1);
    expect(members[0]).toMatchObject({ tenantType: 0, parentId: null, roleLevel: 0 });
    const events = await server.db.selectFrom('auditEvent').select(['actorId', 'route']).where('action', '=', 'create').execute();
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.actorId === null && event.route === 'first operator')).toBe(true);
    walk.operator = await server.login(members[0].account, PASSWORD);
  });
});

describe('from the first sign-in to a paid order, through the API alone', () => {
  it('the operator adds a network in devnet mode, its coin and a token the devnet makes', async () => {
    const chain = ok(
      await server.call<ChainRecord>('POST', ApiPath.chain.save, {
        token: walk.operator,
        body: {
          chainId: CHAIN,
          name: 'Ethereum',
          family: 'evm',
          symbol: 'ETH',
          rpcUrl: 'https://rpc.example',
          explorerUrl: 'https://explorer.example',
          confirmations: 2,
        },
      }),
    );
    expect(chain).toMatchObject({ isDefault: true, mode: 'devnet' });
    // What the deposit watcher of `npm start` does within a second: the new chain's devnet starts, before any token exists.
    await pollChain(server.db, server.app.context.chains, CHAIN, new Date());
    const currency = (symbol: string, name: string, decimals: number, contractAddress: string | null) =>
      server.call('POST', ApiPath.currency.save, {
        token: walk.operator,
        body: {
          symbol,
          name,
          chainId: CHAIN,
          contractAddress,
          decimals,
          legalTender: 'USD',
          minDeposit: '0',
          minWithdraw: '0',
          withdrawFee: '0',
        },
      });
    ok(await currency('ETH', 'Ether', 18, null));
    ok(await currency('USDT', 'Tether USD', 6, USDT_ADDRESS));
    const devnet = await server.app.context.chains.devnetOf(CHAIN);
    expect(await devnet.client.getCode({ address: USDT_ADDRESS })).toMatch(/^0x[0-9a-f]{100,}$/);
  });

  it('the operator invites a pro merchant; its manager signs up with the code and is the new org’s manager', async () => {
    const invitation = ok(
      await server.call<{ code: string }>('POST', ApiPath.invitation.save, {
        token: walk.operator,
        body: { orgName: 'Acme Shop', tenantType: 3, invitee: 'acmeManager' },
      }),
    );
    const session = ok(
      await server.call<{ token: string; orgList: Array<{ orgName: string; tenantType: number; roleLevel: number }> }>(
        'POST',
        ApiPath.auth.signup,
        { body: { account: 'acmeManager', password: PASSWORD, userName: 'Acme Manager', invitationCode: invitation.code } },
      ),
    );
    expect(session.orgList).toEqual([expect.objectContaining({ orgName: 'Acme Shop', tenantType: 3, roleLevel: 0 })]);
    walk.manager = session.token;
  });

  it('the manager makes an API key; the key makes an order, once per Idempotency-Key', async () => {
    walk.apiKey = ok(
      await server.call<{ key: string }>('POST', ApiPath.apiKey.save, {
        token: walk.manager,
        body: { name: 'Shop backend', scopes: ['orders:write', 'orders:read'] },
      }),
    ).key;
    const create = () =>
      server.call<{ id: number; status: string; depositAddress: string; checkoutUrl: string }>('POST', ApiPath.merchant.orders, {
        headers: { authorization: `Bearer ${walk.apiKey}`, 'idempotency-key': 'first-order' },
        body: { amount: '25', currency: 'USDT', chainId: CHAIN, reference: 'INV-1' },
      });
    const order = ok(await create());
    expect(order).toMatchObject({ status: 'pending' });
    expect(ok(await create()).id).toBe(order.id);
    const checkoutCode = order.checkoutUrl.split('/').pop()!;
    const view = ok(await server.call<CheckoutOrder>('GET', ApiPath.checkout.order.replace('{code}', checkoutCode)));
    expect(view).toMatchObject({ state: 'pending', walletChainId: devnetChainId(CHAIN) });
    walk.order = { id: order.id, depositAddress: order.depositAddress, checkoutCode, amountUnits: view.amountUnits };
  });

  it('a payer with an empty wallet gets test coins from the checkout, pays the exact amount, and the order is paid', async () => {
    const faucet = ok(
      await server.call<{ txHashes: string[] }>('POST', ApiPath.checkout.faucet.replace('{code}', walk.order.checkoutCode), {
        body: { address: payer.address },
      }),
    );
    expect(faucet.txHashes).toHaveLength(2);
    // The payer's wallet signs the token transfer and sends it through the devnet's endpoint, as a browser wallet does.
    const raw = await signedTokenTransfer(payer, {
      chainId: devnetChainId(CHAIN),
      nonce: 0,
      token: { contractAddress: USDT_ADDRESS, decimals: 6 },
      to: walk.order.depositAddress,
      amount: '25',
    });
    const sent = await server.app.inject({
      method: 'POST',
      url: `/devnet/${CHAIN}`,
      payload: { jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [raw] },
    });
    const hash = sent.json<{ result?: string }>().result as Address;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    const devnet = await server.app.context.chains.devnetOf(CHAIN);
    const receipt = await devnet.client.getTransactionReceipt({ hash });
    await readChainUpTo(server, CHAIN, receipt.blockNumber);

    const view = ok(await server.call<CheckoutOrder>('GET', ApiPath.checkout.order.replace('{code}', walk.order.checkoutCode)));
    expect(view).toMatchObject({ state: 'paid', received: '25' });
    const order = ok(
      await server.call<{ status: string; txHash: string | null }>('GET', withId(ApiPath.merchant.order, walk.order.id), {
        headers: { authorization: `Bearer ${walk.apiKey}` },
      }),
    );
    expect(order).toMatchObject({ status: 'paid' });
    expect(order.txHash?.toLowerCase()).toBe(hash.toLowerCase());
    const books = ok(await server.call<LedgerVerifyResult>('GET', ApiPath.ledger.verify, { token: walk.operator }));
    expect(books).toMatchObject({ balanced: true, breaks: [] });
  });
});

/** `npm run operator:create` as a deployment runs it: a process of its own on a data folder, its password never an argument. */
function runCommand(dataDir: string, options: { env?: Record<string, string>; stdin?: string }) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...options.env };
  // The command's own database, never the test server's PostgreSQL.
  delete env.DATABASE_URL;
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', path.join(projectRoot, 'server/commands/operatorCreate.ts'), '--account', 'founder', '--name', 'Founder'],
      { cwd: projectRoot, env },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(options.stdin ?? '');
  });
}

describe('the command itself', () => {
  it('makes the operator on a fresh data folder (password on stdin), then refuses in words and writes nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'custody-first-run-'));
    try {
      const first = await runCommand(dataDir, { stdin: `${PASSWORD}\n` });
      expect(first).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(/^operator founder created, superAdmin of org #\d+ on pglite/),
      });
      const second = await runCommand(dataDir, { env: { OPERATOR_PASSWORD: 'Another@Pass2' } });
      expect(second).toMatchObject({ code: 1, stderr: expect.stringMatching(/the database has users already: no operator created/) });
      for (const run of [first, second]) expect(`${run.stdout}${run.stderr}`).not.toMatch(/First@Run1|Another@Pass2/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
