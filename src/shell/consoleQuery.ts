import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider, ConsoleMethods } from '../dataProvider';
import { useSession } from '../session';

/** The dataProvider with the console screens' own calls (docs/DECISIONS.md "Screens read through the dataProvider"). */
export const useConsoleDataProvider = () => useDataProvider<ConsoleDataProvider>();

/**
 * The react-query key of a console read: `['console', method, orgId, ...params]`. The selected
 * org is in it, so switching org reads again (the server answers for the X-Org-Id it is sent);
 * `['console', method]` is the prefix a write invalidates.
 */
export const consoleKey = (method: keyof ConsoleMethods, orgId: number | null, ...params: unknown[]) =>
  ['console', method, orgId, ...params] as const;

/** The prefix of every read of one method, whatever the org and parameters: what a write invalidates. */
export const consoleKeyPrefix = (method: keyof ConsoleMethods) => ['console', method] as const;

/** The selected org's id, for query keys. */
export function useSelectedOrgId(): number | null {
  return useSession().selectedOrg?.orgId ?? null;
}

/**
 * Shared options of the console's reads: no retry — the HTTP client has toasted the failure
 * once, and a retry would toast it again (as react-admin's lists with `retry: false` here).
 */
export const CONSOLE_QUERY = { retry: false } as const;
