import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/freePort';
import pg from 'pg';

/**
 * A throw-away PostgreSQL cluster this suite can stop, restart and fill (tests/api/
 * with-postgres.sh starts one too, but the API suite must not restart it under other files).
 * As root the cluster runs as the `postgres` user, since PostgreSQL refuses to run as root.
 */
export interface PostgresCluster {
  port: number;
  /** A connection URL to `database` as the superuser. */
  url(database?: string): string;
  start(): void;
  /** `fast`: in-flight transactions are rolled back and every connection is ended, as on a real restart. */
  stop(): void;
  remove(): void;
}

function binDir(): string {
  const fromPath = (() => {
    try {
      return execSync('command -v initdb', { encoding: 'utf8', shell: '/bin/bash' }).trim();
    } catch {
      return '';
    }
  })();
  if (fromPath) return path.dirname(fromPath);
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const found = versions
    .map((v) => path.join(root, v, 'bin'))
    .filter((dir) => fs.existsSync(path.join(dir, 'initdb')))
    .at(-1);
  if (!found)
    throw new Error('PostgreSQL server binaries (initdb) not found: install PostgreSQL (apt-get install postgresql) to run tests/cluster.');
  return found;
}

export async function createCluster(settings: Record<string, string> = {}): Promise<PostgresCluster> {
  const bin = binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'custody-cluster-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const run = (command: string) => {
    if (asRoot) execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', command], { stdio: 'pipe' });
    else execFileSync('/bin/bash', ['-c', command], { stdio: 'pipe' });
  };
  const port = await freePort();
  run(`'${bin}/initdb' -D '${dir}/data' -A trust -U postgres --no-sync`);
  const options = Object.entries({ fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '100', ...settings })
    .map(([key, value]) => `-c ${key}=${value}`)
    .join(' ');
  const cluster: PostgresCluster = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: () =>
      run(
        `'${bin}/pg_ctl' -D '${dir}/data' -w -t 60 -l '${dir}/log' -o "-p ${port} -k '${dir}' -c listen_addresses=127.0.0.1 ${options}" start`,
      ),
    stop: () => run(`'${bin}/pg_ctl' -D '${dir}/data' -w -t 60 -m fast stop`),
    remove: () => {
      try {
        run(`'${bin}/pg_ctl' -D '${dir}/data' -m immediate stop`);
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}

/** A cluster of the suite's own with one database created, and a small pool on it for the test's own reads. */
export async function createClusterWithDatabase(database: string): Promise<{ cluster: PostgresCluster; admin: pg.Pool }> {
  const cluster = await createCluster();
  const setup = new pg.Client({ connectionString: cluster.url() });
  await setup.connect();
  await setup.query(`create database ${database}`);
  await setup.end();
  const admin = new pg.Pool({ connectionString: cluster.url(database), max: 2 });
  // The tests stop and restart the cluster: an idle connection's error is expected then.
  admin.on('error', () => undefined);
  return { cluster, admin };
}
