import type { Db } from '../db/database';
import type { ServerConfig } from '../config';
import type { Messages } from './messages';
import type { CallerCache } from './callerCache';
import type { SessionFacts } from './caller';

/** What every module's routes need: handed to each module's `register`. */
export interface ServerContext {
  db: Db;
  config: ServerConfig;
  messages: Messages;
  /** Current time; tests move it to check expiries without sleeping. */
  now: () => Date;
  /** Sessions remembered for a few seconds (server/http/callerCache.ts). */
  callers: CallerCache<SessionFacts>;
}
