import type { Db } from '../db/database';
import type { ServerConfig } from '../config';
import type { Messages } from './messages';

/** What every module's routes need: handed to each module's `register`. */
export interface ServerContext {
  db: Db;
  config: ServerConfig;
  messages: Messages;
  /** Current time; tests move it to check expiries without sleeping. */
  now: () => Date;
}
