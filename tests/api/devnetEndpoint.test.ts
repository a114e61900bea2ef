import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther, type Hex } from 'viem';
import { startTestServer, type TestServer } from './harness';
import { ETH_CHAIN } from './signSupport';
import { devnetAccount, type Devnet } from '../../server/chain/evm/devnet';
import { DEMO_PASSWORD } from '../../server/db/seed/demoData';
import { ApiPath } from '../../src/contract/apiPaths';

// The devnet's open endpoint as an anonymous outsider would use it (docs/chains.md "Paying into the
// devnet"): it must be nobody's weapon against the devnet or the rest of the API.
const PER_MINUTE = 40;
let server: TestServer;
let devnet: Devnet;
const outsider = devnetAccount('an outsider at the devnet endpoint');
const RECIPIENT = devnetAccount('a recipient at the devnet endpoint').address;

beforeAll(async () => {
  server = await startTestServer({ config: { devnetBudget: { perMinute: PER_MINUTE } } });
  devnet = await server.app.context.chains.devnetOf(ETH_CHAIN);
  await devnet.fund(outsider.address, parseEther('1'));
});
afterAll(() => server?.close());

let caller = 0;
/** One JSON-RPC call from a client address of its own unless one is named. */
async function devnetCall(method: string, params: unknown[] = [], remoteAddress = `10.9.0.${++caller % 250}`) {
  const res = await server.app.inject({
    method: 'POST',
    url: `/devnet/${ETH_CHAIN}`,
    remoteAddress,
    payload: { jsonrpc: '2.0', id: 1, method, params },
  });
  return { status: res.statusCode, body: res.json<{ result?: string; error?: { code: number; message: string } }>() };
}

describe('the devnet endpoint', () => {
  it('refuses a transaction without replay protection (pre-EIP-155), and takes the same one bound to its chain id', async () => {
    const chainId = Number((await devnetCall('eth_chainId')).body.result);
    const nonce = Number((await devnetCall('eth_getTransactionCount', [outsider.address, 'latest'])).body.result);
    const head = await devnet.client.getBlockNumber();
    const unprotected = await outsider.signTransaction({
      type: 'legacy',
      nonce,
      gas: 21_000n,
      gasPrice: 50_000_000_000n,
      to: RECIPIENT,
      value: 1n,
    });
    const refused = await devnetCall('eth_sendRawTransaction', [unprotected]);
    expect(refused.body.error).toMatchObject({ code: -32602, message: expect.stringMatching(/EIP-155/) });
    expect(await devnet.client.getBlockNumber()).toBe(head);
    expect(await devnet.client.getBalance({ address: RECIPIENT })).toBe(0n);

    const protectedTx = await outsider.signTransaction({
      type: 'legacy',
      chainId,
      nonce,
      gas: 21_000n,
      gasPrice: 50_000_000_000n,
      to: RECIPIENT,
      value: 1n,
    });
    // Nor one that may burn more than the cap: it would hold the devnet for everyone.
    const greedy = await outsider.signTransaction({
      type: 'eip1559',
      chainId,
      nonce,
      gas: 15_000_000n,
      maxFeePerGas: 50_000_000_000n,
      maxPriorityFeePerGas: 1n,
      to: RECIPIENT,
      value: 1n,
    });
    expect((await devnetCall('eth_sendRawTransaction', [greedy])).body.error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/at most 1000000 gas/),
    });
    const sent = await devnetCall('eth_sendRawTransaction', [protectedTx]);
    expect(sent.body.result).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await devnet.client.getBalance({ address: RECIPIENT })).toBe(1n);
  });

  it('an endless computation in eth_call ends at the gas cap with an error, and the devnet answers the next call', async () => {
    // Init code JUMPDEST PUSH1 0 JUMP: a loop with no end, asked with far more gas than the cap.
    const looped = await devnetCall('eth_call', [{ from: outsider.address, data: '0x5b600056' as Hex, gas: '0xffffffffff' }, 'latest']);
    expect(looped.body.error).toBeDefined();
    expect((await devnetCall('eth_blockNumber')).body.result).toMatch(/^0x/);
  });

  it('one address’s calls beyond the minute’s limit are refused with 429; another address and sign-in are still served', async () => {
    const address = '10.8.7.6';
    for (let i = 0; i < PER_MINUTE; i += 1) expect((await devnetCall('eth_blockNumber', [], address)).status).toBe(200);
    const over = await devnetCall('eth_blockNumber', [], address);
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ code: -32005 });
    expect((await devnetCall('eth_blockNumber', [], '10.8.7.7')).status).toBe(200);
    const login = await server.call<{ token: string }>('POST', ApiPath.auth.login, {
      body: { account: 'superAdmin', password: DEMO_PASSWORD },
    });
    expect(login.code).toBe(200);
  });

  it('a flood of endless eth_calls from many addresses gets answers (results, errors or busy), and sign-in and health answer meanwhile', async () => {
    const flood = Array.from({ length: 24 }, () =>
      devnetCall('eth_call', [{ from: outsider.address, data: '0x5b600056' as Hex }, 'latest']),
    );
    const login = server.call<{ token: string }>('POST', ApiPath.auth.login, { body: { account: 'superAdmin', password: DEMO_PASSWORD } });
    const health = server.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect((await login).code).toBe(200);
    expect((await health).statusCode).toBe(200);
    const answers = await Promise.all(flood);
    for (const { status, body } of answers) {
      expect([200, 429]).toContain(status);
      expect(body.error ?? body.result).toBeDefined();
    }
  });
});
