import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { movementQuote, movementQuoteQuery } from '../../../src/contract/schemas/movement';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { quoteMovement } from './quote';

/**
 * The movements' verb beyond their CRUD (which server/modules/movement/service.ts serves for the five
 * movement declarations): the form's balance and fee before saving, for the writers of some kind;
 * the kind's own and the wallet's rules in the service.
 */
export function registerMovementRoutes(app: FastifyInstance, context: ServerContext): void {
  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.movement.quote,
    access: 'movement.start',
    query: movementQuoteQuery,
    response: movementQuote,
    handler: async ({ caller, query }) => quoteMovement(context.db, caller, query),
  });
}
