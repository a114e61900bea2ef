/**
 * Re-runs work that the database aborted for a reason that says nothing about the work itself
 * (docs/DECISIONS.md "Database faults"): a serialization failure (40001, what SERIALIZABLE and
 * REPEATABLE READ report when two transactions cross; CockroachDB and YugabyteDB run that way
 * by default) or a deadlock (40P01). The whole unit runs again from its start, a bounded number
 * of times, after a random pause whose ceiling doubles each time (10 ms, 20 ms, … up to 640 ms):
 * units that collided once spread out instead of colliding again, however long each one takes on
 * a busy machine.
 */
const RETRYABLE_STATES = new Set(['40001', '40P01']);

export const isRetryable = (error: unknown): boolean =>
  error instanceof Error && RETRYABLE_STATES.has((error as { code?: unknown }).code as string);

export async function withRetry<T>(work: () => Promise<T>, options: { attempts?: number; mayRetry?: () => boolean } = {}): Promise<T> {
  const attempts = options.attempts ?? 10;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error) || options.mayRetry?.() === false) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** Math.min(attempt - 1, 6)));
    }
  }
}
