import type { AuthProvider } from 'react-admin';
import { ApiPath } from '../contract/apiPaths';
import type { SessionInfo } from '../contract/schemas/auth';
import type { HttpClient } from '../dataProvider';
import { canAccessResource } from '../access';
import { session } from '../session';
import { StorageKey } from '../contract/constants';
import { reloadSession } from './reloadSession';
import { takeBootSession } from '../startup/bootReads';

/** The stored token is the one truth about being signed in (another tab may have changed it). */
const storedToken = () => localStorage.getItem(StorageKey.token);

const statusOf = (error: unknown) => (error as { status?: number } | undefined)?.status;
/**
 * A 403 that names inputs refused what was typed (an invitation code issued to another
 * account: the HTTP client's `forbiddenNamesInput`), not the session: it signs nobody out.
 */
const refusesInput = (error: unknown) =>
  statusOf(error) === 403 && (error as { body?: { errors?: unknown } } | undefined)?.body?.errors !== undefined;

/**
 * Sign-in against /sys/auth/*, session restore from the token alone (/me), and
 * access decisions from the role held in memory (never a network call per check).
 */
export function createAuthProvider(http: HttpClient): AuthProvider {
  // After a reload react-admin asks checkAuth, getPermissions and canAccess at once: one /me answers them all.
  let restoring: Promise<void> | null = null;
  const restore = (): Promise<void> => {
    if (session.isLoaded()) return Promise.resolve();
    // The start-up's /me when it is still under way (docs/console.md "The first load"), else a read of its own.
    restoring ??= (takeBootSession() ?? reloadSession(http)).finally(() => (restoring = null));
    return restoring;
  };
  /** The role once the session is known; none (so: no access) without a token or when /me fails. */
  const roleIndex = async () => {
    if (storedToken()) await restore().catch(() => undefined);
    return session.get().roleIndex;
  };

  return {
    /** Resolves with the answer: the start-up reads `twoFactor` to lead an unenrolled member to /account. */
    async login({ username, password, code }: { username: string; password: string; code?: string }) {
      const info = await http.post<SessionInfo>(ApiPath.auth.login, { account: username, password, ...(code ? { code } : {}) });
      session.signedIn(info);
      return info;
    },
    async logout() {
      if (storedToken()) await http.post(ApiPath.auth.logout).catch(() => undefined);
      session.clear();
    },
    async checkAuth() {
      if (!storedToken()) throw new Error('not signed in');
      await restore();
    },
    async checkError(error) {
      const status = statusOf(error);
      if (status === 401 && !refusesInput(error)) {
        session.clear();
        throw error;
      }
      // A 403 refuses this request, not the session (a role another manager lowered, a screen refetching
      // in the background): the refusal shows as any error does, and role, menu and actions are read again
      // so they follow (docs/console.md "Calls and their failures").
      if (status === 403 && !refusesInput(error)) await reloadSession(http).catch(() => undefined);
    },
    async getIdentity() {
      await restore();
      const { account, userName } = session.get();
      return { id: account ?? '', fullName: userName ?? undefined };
    },
    getPermissions: roleIndex,
    async canAccess({ resource, action }) {
      return canAccessResource(await roleIndex(), resource, action);
    },
  };
}
