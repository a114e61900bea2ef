import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AnyVerb, VerbBody, VerbQuery, VerbResult } from '../../src/contract/verb';
import type { ServerContext } from './serverContext';
import { defineRoute, type HandlerInput } from './route';

/** A verb's handler: its return is checked against the verb's response schema at compile time; a download returns the reply. */
export type VerbHandler<V extends AnyVerb> = (input: HandlerInput<VerbQuery<V>, VerbBody<V>>) => Promise<VerbResult<V> | FastifyReply>;

/** A handler, or one with the server-only options of its route (a rate limit). */
export type VerbEntry<V extends AnyVerb> = VerbHandler<V> | { handler: VerbHandler<V>; config?: Record<string, unknown> };

/** One handler for every verb of a table: a verb the contract declares and nobody serves does not compile. */
export type VerbHandlers<T extends Record<string, AnyVerb>> = { [K in keyof T]: VerbEntry<T[K]> };

/** What a module's routes.ts exports as `register<Folder>Routes` (server/modules/index.ts). */
export type RegisterModule = (app: FastifyInstance, context: ServerContext) => void;

/**
 * A module's verbs (src/contract/verbs.ts), served: each declared verb becomes a route through the
 * one route pipeline (server/http/route.ts: caller, access, step-up, idempotency, audit context,
 * response schema), with the handler the module gives for it. `handlers` is called once per
 * server, with the app and context, so a handler may share what it needs (a rate limiter).
 */
export function serveVerbs<T extends Record<string, AnyVerb>>(
  verbs: T,
  handlers: (app: FastifyInstance, context: ServerContext) => VerbHandlers<T>,
): RegisterModule {
  return (app, context) => {
    const served = handlers(app, context);
    for (const name of Object.keys(verbs) as Array<keyof T & string>) {
      const verb = verbs[name]!;
      const entry = served[name] as VerbEntry<AnyVerb>;
      const { handler, config } = typeof entry === 'function' ? { handler: entry, config: undefined } : entry;
      defineRoute(app, context, { ...verb, ...(config ? { config } : {}), handler });
    }
  };
}
