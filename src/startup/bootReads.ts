import { ApiPath } from '../contract/apiPaths';
import type { ListResult } from '../contract/envelope';
import type { SessionInfo } from '../contract/schemas/auth';
import { CHAIN_CHOICES_QUERY, type ChainChoice } from '../dataProvider/chainChoices';
import type { HttpClient } from '../dataProvider/httpClient';
import { session } from '../session';

/**
 * The reads every console screen waits for — the session (/me) and the chain list — started by
 * the start-up while the console's code downloads, instead of after it (docs/console.md "The
 * first load"). Each is handed over once: the authProvider takes the session read, the chain
 * selector the chain read; any later read is a call of its own, as before. Started only with a
 * stored token, through the one HTTP client: a refused token signs out exactly as the
 * authProvider's own /me would (the client's 401 handling, then the sign-in page).
 */
interface Pending<T> {
  promise: Promise<T>;
  /** Who the read was made for: a chain list belongs to one account and org. */
  account?: string | null;
  orgId?: number | null;
}

let me: Pending<void> | null = null;
let chains: Pending<ListResult<ChainChoice>> | null = null;
/** True once /me and the selected org's chain list have landed in the session store; false when either failed. */
let settled: Promise<boolean> | null = null;

/**
 * Starts /me and the chain list together. The chain read goes out before any org is known, so
 * without X-Org-Id: the server answers for the user's first org (docs/api.md "Requests"). It is
 * kept only when /me selects that same org; otherwise the chain list is read for the selected
 * org once /me has answered. Each answer lands in the session store as it arrives.
 */
export function startBootReads(http: Pick<HttpClient, 'get'>): void {
  const readChains = () => http.get<ListResult<ChainChoice>>(ApiPath.chain.list, { ...CHAIN_CHOICES_QUERY });
  const firstOrgChains = readChains();
  firstOrgChains.catch(() => undefined);
  // Set in the same turn as the session (below): awaited only once /me has answered.
  let chainsLanded: Promise<void> | null = null;
  const sessionRead = http.get<SessionInfo>(ApiPath.auth.me).then((info) => {
    session.signedIn(info);
    // In the same turn as the session's change, before the chain selector it shows can ask for chains itself.
    const { account, selectedOrg } = session.get();
    const orgId = selectedOrg?.orgId ?? null;
    const chainRead = orgId !== null && orgId === info.orgList[0]?.orgId ? firstOrgChains : readChains();
    chains = { promise: chainRead, account, orgId };
    chainsLanded = chainRead.then((data) => session.setChainList(data.list));
    chainsLanded.catch(() => undefined);
    // Loaded: nobody needs the read any more (a later sign-in must never be answered by it).
    if (me?.promise === sessionRead) me = null;
  });
  me = { promise: sessionRead };
  settled = sessionRead
    .then(() => chainsLanded)
    .then(
      () => true,
      () => false,
    );
  // A failure is the taker's to handle (the client has already toasted or signed out); untaken, it is dropped.
  sessionRead.catch(() => undefined);
}

/**
 * Whether the boot's reads have put the session and the chain list in the session store (false when
 * one failed; null without boot reads): what the first screen's own read waits for
 * (src/shell/firstScreen.ts). Not taken: it only says when, the session store says who.
 */
export const bootSettled = (): Promise<boolean> | null => settled;

/** The session read started at boot, once; null when there is none (or it was taken). */
export function takeBootSession(): Promise<void> | null {
  const pending = me;
  me = null;
  return pending?.promise ?? null;
}

/** The chain list read at boot for this account and org, once; null otherwise. */
export function takeBootChains(account: string | null, orgId: number | null): Promise<ListResult<ChainChoice>> | null {
  if (!chains || chains.account !== account || chains.orgId !== orgId) return null;
  const { promise } = chains;
  chains = null;
  return promise;
}
