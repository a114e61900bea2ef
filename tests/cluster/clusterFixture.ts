import pg from 'pg';
import { afterAll, beforeAll, onTestFailed } from 'vitest';
import { createClusterWithDatabase, type PostgresCluster } from './postgresCluster';
import { startInstance, type Instance } from './instance';

/**
 * A test file's own PostgreSQL cluster and the API processes it starts on it: created before the
 * file's tests, removed after them with every process killed, whatever the outcome. `env` gives the
 * variables every instance of the file shares (it may read `fixture.cluster`, which exists by then).
 */
export interface ClusterFixture {
  readonly cluster: PostgresCluster;
  /** A pool on the file's database, as the operator's own tools would reach it. */
  readonly admin: pg.Pool;
  /** The processes started so far, in order. */
  readonly instances: Instance[];
  /** An API process with the file's variables and these on top. */
  launch(name: string, extra?: Record<string, string>): Promise<Instance>;
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  /** On a failure, what each instance logged: the first thing one wants to read. */
  showLogsOnFailure(): void;
}

export function clusterForFile(
  database: string,
  env: (fixture: ClusterFixture) => Record<string, string>,
  cleanup?: () => void,
): ClusterFixture {
  let created: { cluster: PostgresCluster; admin: pg.Pool } | undefined;
  const instances: Instance[] = [];
  const fixture: ClusterFixture = {
    get cluster() {
      if (!created) throw new Error('the cluster exists only inside the tests');
      return created.cluster;
    },
    get admin() {
      if (!created) throw new Error('the cluster exists only inside the tests');
      return created.admin;
    },
    instances,
    async launch(name, extra = {}) {
      const instance = await startInstance(name, { ...env(fixture), ...extra });
      instances.push(instance);
      return instance;
    },
    async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      return (await fixture.admin.query<T>(text, values)).rows;
    },
    showLogsOnFailure() {
      onTestFailed(() => {
        for (const instance of instances) console.error(`--- ${instance.name} ---\n${instance.output().slice(-4000)}`);
      });
    },
  };
  beforeAll(async () => {
    created = await createClusterWithDatabase(database);
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop('SIGKILL')));
    await created?.admin.end();
    created?.cluster.remove();
    cleanup?.();
  });
  return fixture;
}

/** Waits for a condition another process brings about, reading it every 200 ms, up to the test's own bound. */
export async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
