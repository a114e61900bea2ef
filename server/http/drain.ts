import type { FastifyInstance } from 'fastify';
import type { Messages } from './messages';
import { unavailableReply } from './errorHandler';

/**
 * Graceful drain (docs/DECISIONS.md "Database faults"): once `app.close()` starts (a SIGTERM),
 * the listening socket stops accepting, requests already running finish, and a request that
 * still arrives on a kept-alive connection is answered 503 in the envelope with
 * `Connection: close`, so the client's next try goes to another instance. The readiness check
 * fails the same way, which takes the instance out of the load balancer at once.
 */
export function installDrain(app: FastifyInstance, messages: Messages): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    reply.header('Connection', 'close');
    return unavailableReply(reply, messages.translator(request.headers['accept-language'])('api.shuttingDown'));
  });
}
