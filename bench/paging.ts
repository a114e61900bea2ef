import { sql } from 'kysely';
import type { Db } from '../server/db/database';
import { countedPage, pageAndCount, type PageOptions, type PageRequest } from '../server/http/pagination';
import { assetFlowSource } from '../server/modules/assetFlow/service';
import { gasListSource } from '../server/modules/report/gas';
import { TenantType } from '../src/access';
import type { Caller } from '../server/http/caller';

/**
 * A list's page and total as two queries (count, then rows) against one query carrying
 * `count(*) over ()`, on the same database in the same run, alternated so that both see the
 * same caches: the ratio one / two says which the shared pagination helper should use
 * (docs/DECISIONS.md "Pagination: one query or two").
 */
const ROUNDS = 40;
const WARM_UPS = 5;

/** An operator sees every org: the widest filtered set a list answers. */
const operator = {
  userId: 0,
  account: 'bench',
  userName: 'bench',
  tokenHash: '',
  memberships: [],
  org: { orgId: 1, orgName: 'operator', tenantType: TenantType.operator, roleLevel: 0 },
  roleIndex: 0,
  twoFactor: { enrolled: false, required: false, stepUpAt: null },
} satisfies Caller;

interface PagingCase {
  name: string;
  run: (strategy: typeof pageAndCount) => Promise<{ count: number; list: unknown[] }>;
}

const firstPage = (order: 'asc' | 'desc', sort?: string): PageRequest => ({ page: 1, pageSize: 25, order, sort });

function casesOf(db: Db): PagingCase[] {
  const chains = db.selectFrom('chain').where('enabled', '=', true);
  const chainPage: PageOptions<never, never, never, unknown> = {
    select: (qb) => qb.select(['chain.id', 'chain.name', 'chain.symbol', 'chain.createdAt'] as never) as never,
    sortColumns: { id: 'chain.id', name: 'chain.name' },
    defaultSort: 'id',
    tieBreaker: 'chain.id',
  };
  const gas = (query: Parameters<typeof gasListSource>[2]) => gasListSource(db, operator, query);
  const ledger = (query: Parameters<typeof assetFlowSource>[2]) => assetFlowSource(db, operator, query);
  const page = (source: { filtered: unknown; options: unknown }, request: PageRequest) => (strategy: typeof pageAndCount) =>
    strategy(source.filtered as never, request, source.options as never);
  return [
    { name: '(a) chain list, enabled, page 1', run: (strategy) => strategy(chains as never, firstPage('asc'), chainPage as never) },
    {
      name: '(b) ledger, one currency (USDT), page 1',
      run: page(ledger({ page: 1, pageSize: 25, order: 'desc', symbol: 'USDT' } as never), firstPage('desc')),
    },
    {
      name: '(b) ledger, reason payment, page 1',
      run: page(ledger({ page: 1, pageSize: 25, order: 'desc', reason: 'payment' } as never), firstPage('desc')),
    },
    { name: '(b) ledger, unfiltered, page 1', run: page(ledger({ page: 1, pageSize: 25, order: 'desc' } as never), firstPage('desc')) },
    {
      name: '(b) ledger, USDT, page 200',
      run: page(ledger({ page: 200, pageSize: 25, order: 'desc', symbol: 'USDT' } as never), { ...firstPage('desc'), page: 200 }),
    },
    {
      name: '(b) gas report, unfiltered, page 1',
      run: page(gas({ page: 1, pageSize: 25, order: 'desc' } as never), firstPage('desc', 'createdAt')),
    },
    {
      name: '(b) gas report, one chain (Tron), page 1',
      run: page(gas({ page: 1, pageSize: 25, order: 'desc', chainId: 728126428 } as never), firstPage('desc', 'createdAt')),
    },
  ];
}

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];

/** Each case's median time with two queries and with one, and the rows it counts. */
export async function measurePaging(db: Db, log: (line: string) => void): Promise<void> {
  const rows = await db
    .selectFrom('ledgerEntry')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  log(
    `paging: ${Number(rows.n).toLocaleString('en-US')} ledger entries; median of ${ROUNDS} alternated calls, ratio = one query / two queries (< 1: one is faster)`,
  );
  log('case                                         rows counted   two ms    one ms   ratio');
  for (const item of casesOf(db)) {
    const two: number[] = [];
    const one: number[] = [];
    const [apart, together] = [await item.run(pageAndCount), await item.run(countedPage)];
    if (JSON.stringify(apart) !== JSON.stringify(together)) throw new Error(`${item.name}: one query answers differently from two`);
    let counted = 0;
    for (let round = 0; round < WARM_UPS + ROUNDS; round++) {
      for (const [strategy, times] of round % 2 === 0
        ? ([
            [pageAndCount, two],
            [countedPage, one],
          ] as const)
        : ([
            [countedPage, one],
            [pageAndCount, two],
          ] as const)) {
        const started = process.hrtime.bigint();
        const answer = await item.run(strategy);
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        counted = answer.count;
        if (round >= WARM_UPS) times.push(ms);
      }
    }
    const [a, b] = [median(two), median(one)];
    log(
      `${item.name.padEnd(44)} ${counted.toLocaleString('en-US').padStart(12)} ${a.toFixed(2).padStart(8)} ${b.toFixed(2).padStart(9)}   ${(b / a).toFixed(2)}`,
    );
  }
}
