/**
 * What an anonymous caller may ask of the embedded devnet (docs/chains.md "Paying into the devnet"):
 * the devnet is one EVM in this process, shared with the platform's own sends and reads, so a few
 * callers looping on `eth_call` must not keep it from everyone else. Hand-written rather than
 * @fastify/rate-limit: that plugin's store here is the database (shared by every instance), and a
 * devnet call must not cost a database write; a devnet is per process anyway.
 */
export interface DevnetBudgetOptions {
  /** Calls a minute per client address. */
  perMinute: number;
  /** Anonymous calls running on the devnet at once; the platform's own never wait for these. */
  running: number;
  /** Calls waiting for a turn; beyond that the devnet answers "busy" at once. */
  waiting: number;
}

export const DEFAULT_DEVNET_BUDGET: DevnetBudgetOptions = { perMinute: 600, running: 2, waiting: 16 };

/** The refusals, as the route answers them (HTTP 429 with a JSON-RPC error). */
export type BudgetRefusal = 'tooManyCalls' | 'busy';

export class DevnetCallBudget {
  private readonly counts = new Map<string, { windowStart: number; calls: number }>();
  private runningNow = 0;
  private readonly queue: Array<() => void> = [];

  constructor(
    private readonly options: DevnetBudgetOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one call of `address` in its minute; false past the limit. */
  private admit(address: string): boolean {
    const now = this.now();
    const count = this.counts.get(address);
    if (!count || now - count.windowStart >= 60_000) {
      // Old windows go as new ones start: the map holds at most the addresses of the last minute or so.
      if (this.counts.size > 10_000) for (const [key, value] of this.counts) if (now - value.windowStart >= 60_000) this.counts.delete(key);
      this.counts.set(address, { windowStart: now, calls: 1 });
      return true;
    }
    count.calls += 1;
    return count.calls <= this.options.perMinute;
  }

  /** Runs `work` within the budget, or answers why not without running it. */
  async run<T>(address: string, work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; refusal: BudgetRefusal }> {
    if (!this.admit(address)) return { ok: false, refusal: 'tooManyCalls' };
    if (this.runningNow >= this.options.running) {
      if (this.queue.length >= this.options.waiting) return { ok: false, refusal: 'busy' };
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.runningNow += 1;
    }
    try {
      return { ok: true, value: await work() };
    } finally {
      // The turn passes straight to the next waiting call (the running count stays), or is given back.
      const next = this.queue.shift();
      if (next) next();
      else this.runningNow -= 1;
    }
  }
}
