/**
 * The session lookup every request makes, remembered for a few seconds (docs/DECISIONS.md
 * "Reports at volume": one round trip per list). It is trusted only while the database's
 * change feed is connected: any write to sessions, users, memberships or orgs — on any
 * instance — is announced on `caller_change` (migration 018) and empties every instance's
 * cache; a write on this instance empties it at once. While the feed is down nothing is
 * remembered, so a revocation is never missed.
 */
export interface CachedSession<T> {
  value: T;
  /** The session's own expiry (ms): a remembered session still ends on time. */
  sessionExpiresAt: number;
  /** When this entry is looked up again (ms). */
  staleAt: number;
}

export const CALLER_CHANGE_CHANNEL = 'caller_change';
const MAX_ENTRIES = 10_000;

export class CallerCache<T> {
  private readonly entries = new Map<string, CachedSession<T>>();
  private live = false;

  constructor(private readonly ttlMs: number) {}

  get(key: string, nowMs: number): T | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.staleAt <= nowMs || entry.sessionExpiresAt <= nowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, sessionExpiresAt: number, nowMs: number): void {
    if (!this.live || this.ttlMs <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { value, sessionExpiresAt, staleAt: nowMs + this.ttlMs });
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
