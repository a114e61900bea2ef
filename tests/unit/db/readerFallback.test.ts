// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { DatabaseConnection, Driver } from 'kysely';
import { ReaderFallbackDriver } from '../../../server/db/readerFallback';

// A read replica that cannot be reached (docs/DECISIONS.md "Database faults and many instances"):
// reads go to the primary, each connection back to the pool it came from.
function fakeDriver(name: string, state: { down: boolean; error?: Error }) {
  const released: string[] = [];
  let handed = 0;
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => {
      if (state.down) throw state.error ?? Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' });
      const connection = {
        name: `${name}#${++handed}`,
        executeQuery: async () => ({ rows: [] }),
        streamQuery: async function* () {},
      } as unknown as DatabaseConnection;
      return connection;
    },
    beginTransaction: async () => undefined,
    commitTransaction: async () => undefined,
    rollbackTransaction: async () => undefined,
    releaseConnection: async (connection) => {
      released.push((connection as unknown as { name: string }).name);
    },
    destroy: async () => undefined,
  };
  return { driver, released };
}
const nameOf = (connection: DatabaseConnection) => (connection as unknown as { name: string }).name;

describe('reads when the replica is down', () => {
  it('go to the primary, are released there, and the replica is tried again after the cool-down', async () => {
    const replicaState = { down: true };
    const replica = fakeDriver('replica', replicaState);
    const primary = fakeDriver('primary', { down: false });
    let now = 0;
    const fallbacks: unknown[] = [];
    const reader = new ReaderFallbackDriver(
      replica.driver,
      primary.driver,
      (error) => fallbacks.push(error),
      30_000,
      () => now,
    );

    const first = await reader.acquireConnection();
    expect(nameOf(first)).toBe('primary#1');
    await reader.releaseConnection(first);
    expect(primary.released).toEqual(['primary#1']);
    expect(fallbacks).toHaveLength(1);

    // Within the cool-down the replica is not asked again (no connect time-out to wait out per read).
    replicaState.down = false;
    expect(nameOf(await reader.acquireConnection())).toBe('primary#2');
    now = 30_000;
    const back = await reader.acquireConnection();
    expect(nameOf(back)).toBe('replica#1');
    await reader.releaseConnection(back);
    expect(replica.released).toEqual(['replica#1']);
    expect(fallbacks).toHaveLength(1);
  });

  it('a fault that is not the replica being unreachable is not hidden', async () => {
    const replica = fakeDriver('replica', { down: true, error: new Error('password authentication failed for user "reader"') });
    const reader = new ReaderFallbackDriver(replica.driver, fakeDriver('primary', { down: false }).driver);
    await expect(reader.acquireConnection()).rejects.toThrow(/password authentication failed/);
  });

  it('both down: the read fails as unreachable (a 503), nothing else', async () => {
    const reader = new ReaderFallbackDriver(fakeDriver('replica', { down: true }).driver, fakeDriver('primary', { down: true }).driver);
    await expect(reader.acquireConnection()).rejects.toThrow(/ECONNREFUSED/);
  });
});
