import { sql } from 'kysely';
import { BodyCode } from '../../../src/contract/envelope';
import { healthVerbs } from '../../../src/contract/verbs/health';
import { serveVerbs } from '../../http/verbs';
import { ApiError } from '../../http/apiError';
import { migrationsAtHead } from '../../db/database';

const notReady = () => new ApiError(BodyCode.unavailable, 'api.notReady');

/**
 * The load balancer's two questions (README "Running several instances"): is the process alive
 * (restart it if not), and may it take traffic (the database answers and its migrations are at
 * this code's head). Both answer 200 in the envelope, or 503 with the envelope's code 503.
 */
export const registerHealthRoutes = serveVerbs(healthVerbs, (_app, context) => {
  // Once at head, always at head for this process: later probes only ask the database to answer.
  let atHead = false;
  return {
    live: async () => ({ status: 'live' as const }),
    ready: async ({ request }) => {
      try {
        await sql`select 1`.execute(context.db);
        atHead ||= await migrationsAtHead(context.db);
      } catch (error) {
        request.log.warn({ reason: String(error) }, 'readiness check failed');
        throw notReady();
      }
      if (!atHead) throw notReady();
      return { status: 'ready' as const };
    },
  };
});
