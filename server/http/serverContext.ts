import type { Db } from '../db/database';
import type { ServerConfig } from '../config';
import type { Messages } from './messages';
import type { ChangeFeedCache } from './changeFeedCache';
import type { SessionFacts } from './caller';
import type { RouteRecord } from './routeRegistry';
import type { ChainRegistry } from '../chain/registry';

/** What every module's routes need: handed to each module's `register`. */
export interface ServerContext {
  db: Db;
  /** Reads that tolerate lag: a read replica, or `db` (server/db/database.ts `reader`). */
  reader: Db;
  config: ServerConfig;
  messages: Messages;
  /** Current time; tests move it to check expiries without sleeping. */
  now: () => Date;
  /** Sessions remembered for a few seconds (server/http/changeFeedCache.ts). */
  callers: ChangeFeedCache<SessionFacts>;
  /** Answers of the reference lists (`cache: 'reference'` routes), remembered the same way. */
  answers: ChangeFeedCache<unknown>;
  /** Stamps a session's last use, at most once a minute (server/http/sessionUse.ts). */
  stampSessionUse: (tokenHash: string, now: Date) => Promise<void>;
  /** Every route `defineRoute` declared on this app, in order: the API's description is made from it. */
  routes: RouteRecord[];
  /** Each chain's adapter (docs/chains.md), started on first use. */
  chains: ChainRegistry;
}
