import { getAddress } from 'viem';
import { startTestServer } from '../tests/api/harness';
import { signClient, walletIdsByLabel } from '../tests/api/signSupport';
import type { MovementRecord } from '../src/contract/schemas/movement';
import type { ProposalDetail } from '../src/contract/schemas/sign';

/**
 * What the intent log costs (docs/chains.md "The intent log"): a withdrawal out of a hot wallet (two
 * chain transactions: the amount and the fee) and a Safe proposal's confirm (one: the relayer's
 * execution), each recorded, sent and booked through the API, against a bare send of one transaction
 * on the same devnet (the transaction and its receipt, nothing else), measured in the same run.
 * Medians of `BENCH_OUTFLOWS` runs each (default 8): ratios, never a timed assertion.
 */
const RUNS = Number(process.env.BENCH_OUTFLOWS ?? 8);
const ELSEWHERE = getAddress('0x5555555555555555555555555555555555555555');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(run: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

export interface OutflowLatency {
  bareMs: number;
  withdrawalMs: number;
  confirmMs: number;
}

export async function measureOutflowLatency(): Promise<OutflowLatency> {
  const server = await startTestServer();
  try {
    const sign = signClient(server);
    const wallets = await walletIdsByLabel(server);
    const devnet = await server.app.context.chains.devnetOf(1);
    const bare: number[] = [];
    const withdrawals: number[] = [];
    const confirms: number[] = [];
    const token = await sign.token('merchantProFinance');
    for (let i = 0; i < RUNS + 1; i += 1) {
      // The first round warms every path up; it is not counted.
      const keep = i > 0;
      const b = await timed(async () => void (await devnet.send(devnet.faucet, { to: ELSEWHERE, value: 1n })));
      const w = await timed(async () => {
        const res = await server.call<MovementRecord>('POST', '/sys/movement/save', {
          token,
          body: { kind: 'withdraw', walletId: wallets['Aurora deposits'], to: ELSEWHERE, symbol: 'ETH', amount: '0.01', memo: '' },
        });
        if (res.code !== 200 || res.data.status !== 'executed') throw new Error(`withdrawal: ${JSON.stringify(res)}`);
      });
      const started = await sign.start('merchantProManager', {
        walletId: wallets['Aurora cold'],
        kind: 'transfer',
        to: ELSEWHERE,
        amount: '0.001',
        symbol: 'ETH',
        memo: 'bench',
      });
      if (started.code !== 200) throw new Error(`start: ${JSON.stringify(started)}`);
      const approved = await sign.act('merchantProFinance', 'approval', started.data.proposalId);
      if (approved.code !== 200) throw new Error(`approval: ${JSON.stringify(approved)}`);
      const c = await timed(async () => {
        const res = await sign.act('merchantProEmployee', 'confirm', started.data.proposalId);
        if (res.code !== 200 || (res.data as ProposalDetail).status !== 'executed') throw new Error(`confirm: ${JSON.stringify(res)}`);
      });
      if (keep) {
        bare.push(b);
        withdrawals.push(w);
        confirms.push(c);
      }
    }
    return { bareMs: median(bare), withdrawalMs: median(withdrawals), confirmMs: median(confirms) };
  } finally {
    await server.close();
  }
}

export function outflowReport(latency: OutflowLatency): string[] {
  return [
    `bare devnet send (one transaction, its receipt): median ${latency.bareMs.toFixed(1)} ms`,
    `withdrawal out of a hot wallet (2 transactions):  ratio ${(latency.withdrawalMs / latency.bareMs).toFixed(2)} to the bare send (${(latency.withdrawalMs / (2 * latency.bareMs)).toFixed(2)} per transaction)`,
    `Safe proposal confirm (1 transaction):           ratio ${(latency.confirmMs / latency.bareMs).toFixed(2)} to the bare send`,
  ];
}
