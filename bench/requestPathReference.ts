import { AsyncLocalStorage } from 'node:async_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { postgresPool } from '../server/db/database';

/**
 * The request-path reference of issue 35 (docs/SCALING.md "The request path"): a bare Fastify
 * route running, on the same database, exactly the statements the API ran for one warm request
 * (captured at the driver, text and parameters), one after the other, and answering their rows
 * as an envelope. The API's figure over this one is what our stack (auth, validation, query
 * building, translation, headers, shaping) costs on top of the SQL.
 */
export interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

type Run = (statement: Statement) => Promise<unknown[]>;

let capturing: Statement[] | undefined;
/**
 * The database's time of one request (bench/volume.ts): the milliseconds its driver queries took, from
 * call to answer. Each request runs in a clock of its own (AsyncLocalStorage), so the server's
 * background loops' queries, which may overlap it, are not counted.
 */
const clock = new AsyncLocalStorage<{ ms: number }>();
export const databaseClock = {
  /** Runs `next`, and whatever it starts, on `store`'s clock. */
  run: (store: { ms: number }, next: () => void) => clock.run(store, next),
};
/** Adds the time from a query's call to its answer (or error) to the caller's clock; the answer itself is passed on untouched. */
function timed<T>(result: T): T {
  const store = clock.getStore();
  if (!store || !result || typeof (result as { then?: unknown }).then !== 'function') return result;
  const started = performance.now();
  const done = () => void (store.ms += performance.now() - started);
  void (result as unknown as Promise<unknown>).then(done, done);
  return result;
}
/** The PGlite instance the API queries (one per process). */
const pglites = new Set<PGlite>();

/**
 * Records every statement the drivers send while `capture` runs, and the time each takes (databaseClock);
 * remembers the PGlite instance to run them on later.
 */
export function installCapture(): void {
  const pgliteQuery = PGlite.prototype.query;
  PGlite.prototype.query = function (this: PGlite, ...args: Parameters<PGlite['query']>) {
    pglites.add(this);
    capturing?.push({ sql: args[0], parameters: args[1] ?? [] });
    return timed(pgliteQuery.apply(this, args));
  } as PGlite['query'];
  const clientQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (capturing && typeof args[0] === 'string') capturing.push({ sql: args[0], parameters: (args[1] as unknown[]) ?? [] });
    return timed((clientQuery as (...a: unknown[]) => unknown).apply(this, args));
  } as typeof clientQuery;
}

export async function capture(work: () => Promise<void>): Promise<Statement[]> {
  capturing = [];
  try {
    await work();
    return capturing;
  } finally {
    capturing = undefined;
  }
}

/** How the reference reaches the database: PGlite's own instance, or a plain pg pool of the API's size. */
export function referenceRunner(databaseUrl: string | undefined): { run: Run; close(): Promise<void> } {
  if (databaseUrl) {
    const pool = postgresPool(databaseUrl, {
      max: 10,
      connectTimeoutMs: 10_000,
      statementTimeoutMs: 0,
      applicationName: 'bench-reference',
    });
    return {
      run: async ({ sql, parameters }) => (await pool.query(sql, parameters as unknown[])).rows,
      close: () => pool.end(),
    };
  }
  return {
    run: async ({ sql, parameters }) => {
      const [pglite] = pglites;
      if (!pglite) throw new Error('no PGlite instance captured');
      return (await pglite.query(sql, parameters as unknown[])).rows;
    },
    close: async () => undefined,
  };
}

/** The bare server: one GET route per captured request, answering `{ code, msg, data }` with the statements' rows. */
export async function referenceServer(routes: Record<string, Statement[]>, run: Run): Promise<FastifyInstance> {
  const bare = Fastify();
  for (const [url, statements] of Object.entries(routes))
    bare.get(url, async () => {
      const results: unknown[][] = [];
      for (const statement of statements) results.push(await run(statement));
      return { code: 200, msg: 'ok', data: results };
    });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return bare;
}
