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
  // A request in flight when closing began is answered in full, on a connection then closed:
  // a kept-alive one would hold the server open until the client let go of it.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    reply.header('Connection', 'close');
    return unavailableReply(reply, messages.translator(request.headers['accept-language'])('api.shuttingDown'));
  });
}
