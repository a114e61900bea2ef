import { ApiPath } from '../contract/apiPaths';
import type { SessionInfo } from '../contract/schemas/auth';
import type { HttpClient } from '../dataProvider';
import { session } from '../session';

/**
 * Reads /me again when something the user did changed their own standing (a manager gave
 * up the role): role, menu and offered actions follow at once, so the console never
 * offers a write the server now refuses (a 403 refreshes it the same way; docs/console.md).
 */
export async function reloadSession(http: Pick<HttpClient, 'get'>): Promise<void> {
  session.signedIn(await http.get<SessionInfo>(ApiPath.auth.me));
}
