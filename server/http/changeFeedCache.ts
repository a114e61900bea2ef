/**
 * What every request reads and almost nothing changes, remembered for a few seconds
 * (docs/DECISIONS.md "Reports at volume": one round trip per list): the session lookup, and
 * the answers of the reference lists (networks, currencies). An entry is trusted only while
 * the database's change feed is connected: any write to the tables behind it — on any
 * instance — is announced on its channel (migration 018) and empties every instance's cache;
 * a write request on this instance that wrote those tables empties it at once (runWrite in
 * route.ts). While the feed is down nothing is remembered, so a revocation or an edit is never
 * missed.
 */
interface Entry<T> {
  value: T;
  /** The entry's own end (ms): a remembered session still ends on time. */
  expiresAt: number;
  /** When this entry is looked up again (ms). */
  staleAt: number;
}

/** Sessions, users, memberships, orgs: who a token is. */
export const CALLER_CHANGE_CHANNEL = 'caller_change';
/** Networks and currencies: the reference lists. */
export const REFERENCE_CHANGE_CHANNEL = 'reference_change';
export type ChangeFeedChannel = typeof CALLER_CHANGE_CHANNEL | typeof REFERENCE_CHANGE_CHANNEL;

/**
 * The tables each channel announces: the database's triggers (migrations 018 and 021), which
 * tests/api/changeFeed.test.ts compares with this list.
 */
export const CHANGE_FEED_TABLES: Record<ChangeFeedChannel, readonly string[]> = {
  [CALLER_CHANGE_CHANNEL]: ['session', 'app_user', 'membership', 'org', 'two_factor'],
  [REFERENCE_CHANGE_CHANNEL]: ['chain', 'currency'],
};

/** The table a statement (or each statement of a CTE) inserts into, updates, deletes from, truncates or merges into. */
const WRITE_TARGET =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;

/** The tables an SQL text writes, as named in it (a trigger's or a function's writes are not seen: tests/api/changeFeed.test.ts checks there are none on these tables). */
export const tablesWrittenBy = (sqlText: string): string[] => [...sqlText.matchAll(WRITE_TARGET)].map((match) => match[1].toLowerCase());

/** The channels whose tables an SQL text writes: the caches a write request must forget at once. */
export function feedsWrittenBy(sqlText: string): ChangeFeedChannel[] {
  const written = tablesWrittenBy(sqlText);
  return (Object.keys(CHANGE_FEED_TABLES) as ChangeFeedChannel[]).filter((channel) =>
    CHANGE_FEED_TABLES[channel].some((table) => written.includes(table)),
  );
}
const MAX_ENTRIES = 10_000;

export class ChangeFeedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private live = false;

  constructor(private readonly ttlMs: number) {}

  get(key: string, nowMs: number): T | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.staleAt <= nowMs || entry.expiresAt <= nowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, nowMs: number, expiresAt = Infinity): void {
    if (!this.live || this.ttlMs <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { value, expiresAt, staleAt: nowMs + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }

  /** The change feed's state: entries are kept only while it is connected. */
  setLive(live: boolean): void {
    this.live = live;
    this.clear();
  }
}

/** `key`'s remembered value, or `compute`'s, remembered while the feed allows (a value nobody changed meanwhile). */
export async function rememberedIn<T>(cache: ChangeFeedCache<unknown>, key: string, nowMs: number, compute: () => Promise<T>): Promise<T> {
  const known = cache.get(key, nowMs);
  if (known !== undefined) return known as T;
  const value = await compute();
  cache.set(key, value, nowMs);
  return value;
}
