import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ApiPath } from '../../../src/contract/apiPaths';
import { BodyCode } from '../../../src/contract/envelope';
import { healthStatus } from '../../../src/contract/schemas/health';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { ApiError } from '../../http/apiError';
import { migrationsAtHead } from '../../db/database';

const notReady = () => new ApiError(BodyCode.unavailable, 'api.notReady');

/**
 * The load balancer's two questions (README "Running several instances"): is the process alive
 * (restart it if not), and may it take traffic (the database answers and its migrations are at
 * this code's head). Both answer 200 in the envelope, or 503 with the envelope's code 503.
 */
export function registerHealthRoutes(app: FastifyInstance, context: ServerContext): void {
  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.health.live,
    summary: 'Liveness: the process answers',
    access: 'public',
    response: healthStatus,
    handler: async () => ({ status: 'live' }),
  });

  // Once at head, always at head for this process: later probes only ask the database to answer.
  let atHead = false;
  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.health.ready,
    summary: 'Readiness: the database answers and its migrations are at this code’s head (503 otherwise)',
    access: 'public',
    response: healthStatus,
    handler: async ({ request }) => {
      try {
        await sql`select 1`.execute(context.db);
        atHead ||= await migrationsAtHead(context.db);
      } catch (error) {
        request.log.warn({ reason: String(error) }, 'readiness check failed');
        throw notReady();
      }
      if (!atHead) throw notReady();
      return { status: 'ready' };
    },
  });
}
