import { openDatabase, type DatabaseHandle, type DatabaseOptions } from './database';
import { isDatabaseUnavailable } from './unavailable';

export interface WaitOptions {
  /** Told of each failed attempt and the wait before the next. */
  onRetry?: (error: unknown, attempt: number, waitMs: number) => void;
  /** Stops waiting (a SIGTERM during start-up). */
  signal?: AbortSignal;
  /** The longest pause between attempts. */
  maxWaitMs?: number;
}

/**
 * Opens the database, waiting with back-off (0.5 s doubling up to 10 s) for as long as it cannot
 * be reached: an instance started before its database, or during its restart, comes up when the
 * database does instead of exiting (docs/DECISIONS.md "Database faults"). Any other failure (a
 * migration's own error, a malformed DATABASE_URL) is not waited out: it is thrown at once.
 */
export async function openDatabaseWhenReachable(options: DatabaseOptions, wait: WaitOptions = {}): Promise<DatabaseHandle> {
  const maxWaitMs = wait.maxWaitMs ?? 10_000;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await openDatabase(options);
    } catch (error) {
      if (!isDatabaseUnavailable(error) || wait.signal?.aborted) throw error;
      const waitMs = Math.min(maxWaitMs, 500 * 2 ** (attempt - 1));
      wait.onRetry?.(error, attempt, waitMs);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, waitMs);
        wait.signal?.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            reject(error);
          },
          { once: true },
        );
      });
    }
  }
}

/** For the command-line steps (`npm run migrate`, `npm run seed`): each wait said on stderr. */
export const retryOnConsole: WaitOptions['onRetry'] = (error, attempt, waitMs) =>
  console.warn(`database not reachable yet (attempt ${attempt}: ${String(error)}); retrying in ${waitMs} ms`);
