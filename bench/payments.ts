import { getAddress, parseUnits, type Address } from 'viem';
import { startTestServer, type TestServer } from '../tests/api/harness';
import { ApiPath, withId } from '../src/contract/apiPaths';
import { demoEvmAddress } from '../server/db/seed/wallets';

/**
 * Payments (issue 36; docs/payments.md): order creation through the merchant API (an order, its
 * address derived, its wallet row, the key looked up) at `CLIENTS` concurrent callers against an
 * audited one-row write of the same server (an address-book entry), same run; and the time from a
 * payment mined to its order read as paid through the merchant API, against the chain's own wait (its
 * confirmations × the watcher's interval). Ratios and percentiles, never a timed assertion.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CLIENTS = 8;
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 12);
const WATCH_MS = 100;
const ETH_CHAIN = 1;

export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function ratePerSecond(work: (i: number) => Promise<void>): Promise<number> {
  const until = Date.now() + SECONDS * 1000;
  let done = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < until) {
        await work(next++);
        done += 1;
      }
    }),
  );
  return done / SECONDS;
}

export function expectOk<T>(answer: { code: number; data: T }, what: string): T {
  if (answer.code !== 200) throw new Error(`${what}: ${JSON.stringify(answer)}`);
  return answer.data;
}

export async function newKey(server: TestServer): Promise<string> {
  const made = await server.as('merchantProManager').call<{ key?: string }>('POST', ApiPath.apiKey.save, {
    body: { name: 'Bench', scopes: ['orders:write', 'orders:read'] },
  });
  return expectOk(made, 'key').key!;
}

export interface PaymentsFigures {
  ordersPerSecond: number;
  auditedWritesPerSecond: number;
  paidP50Ms: number;
  paidP95Ms: number;
  chainWaitMs: number;
}

export async function measurePayments(): Promise<PaymentsFigures> {
  // The per-key limit out of the way: the bench measures the server, not the limiter.
  const server = await startTestServer({ config: { depositWatchMs: WATCH_MS, merchantApiPerMinute: 1_000_000 } });
  try {
    const key = await newKey(server);
    const auth = { headers: { authorization: `Bearer ${key}` } };
    const createOrder = async (i: number) => {
      expectOk(
        await server.call('POST', ApiPath.merchant.orders, {
          ...auth,
          body: { amount: `${(i % 500) + 1}.5`, currency: 'USDT', chainId: ETH_CHAIN },
        }),
        'order',
      );
    };
    const manager = server.as('merchantProManager');
    const auditedWrite = async (i: number) => {
      expectOk(
        await manager.call('POST', ApiPath.addressBook.save, {
          body: { chainId: ETH_CHAIN, address: demoEvmAddress(`bench payments ${i}`), label: 'Bench' },
        }),
        'address book',
      );
    };
    // Warmed up first: JIT and caches count against neither.
    for (let i = 0; i < 20; i += 1) await createOrder(i);
    const ordersPerSecond = await ratePerSecond(createOrder);
    const auditedWritesPerSecond = await ratePerSecond((i) => auditedWrite(i + 1_000_000));

    const devnet = await server.app.context.chains.devnetOf(ETH_CHAIN);
    const usdt = await server.db
      .selectFrom('currency')
      .select(['contractAddress', 'decimals'])
      .where('chainId', '=', ETH_CHAIN)
      .where('symbol', '=', 'USDT')
      .executeTakeFirstOrThrow();
    const { confirmations } = await server.db
      .selectFrom('chain')
      .select('confirmations')
      .where('chainId', '=', ETH_CHAIN)
      .executeTakeFirstOrThrow();
    const times: number[] = [];
    for (let i = 0; i < PAYMENTS; i += 1) {
      const order = expectOk(
        await server.call<{ id: number; depositAddress: string }>('POST', ApiPath.merchant.orders, {
          ...auth,
          body: { amount: '5', currency: 'USDT', chainId: ETH_CHAIN },
        }),
        'order',
      );
      const payer = demoEvmAddress(`bench payer ${i}`) as Address;
      await devnet.payAs(payer, getAddress(usdt.contractAddress!), getAddress(order.depositAddress), parseUnits('5', usdt.decimals));
      const mined = performance.now();
      for (;;) {
        const seen = expectOk(await server.call<{ status: string }>('GET', withId(ApiPath.merchant.order, order.id), auth), 'order');
        if (seen.status === 'paid') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (i > 0) times.push(performance.now() - mined);
    }
    return {
      ordersPerSecond,
      auditedWritesPerSecond,
      paidP50Ms: percentile(times, 0.5),
      paidP95Ms: percentile(times, 0.95),
      chainWaitMs: confirmations * WATCH_MS,
    };
  } finally {
    await server.close();
  }
}

export function paymentsReport(f: PaymentsFigures): string[] {
  return [
    `orders created by API (${CLIENTS} clients, PGlite): ${f.ordersPerSecond.toFixed(0)}/s; an audited one-row write: ${f.auditedWritesPerSecond.toFixed(0)}/s; ratio ${(f.ordersPerSecond / f.auditedWritesPerSecond).toFixed(2)}`,
    `payment mined → order paid: p50 ${f.paidP50Ms.toFixed(0)} ms, p95 ${f.paidP95Ms.toFixed(0)} ms; ÷ the chain's own wait (${f.chainWaitMs} ms: confirmations × watcher interval): p50 ${(f.paidP50Ms / f.chainWaitMs).toFixed(2)}, p95 ${(f.paidP95Ms / f.chainWaitMs).toFixed(2)}`,
  ];
}
