import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import {
  movementBody,
  movementList,
  movementListQuery,
  movementQuote,
  movementQuoteQuery,
  movementRecord,
} from '../../../src/contract/schemas/movement';
import { csvFile } from '../../../src/contract/schemas/response';
import { detailQuery } from '../../../src/contract/schemas/listQuery';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { findMovement, listMovements, movementSource } from './queries';
import { sendCsvExport } from '../../http/csvExport';
import { exportNames } from '../../http/exportNames';
import { movementExport } from '../../../src/contract/exports';
import { saveMovement } from './service';
import { quoteMovement } from './quote';
import { chainSafeStates } from '../outflow/record';

/**
 * Money movements (docs/ledger.md; /transfer, /withdraw, /refund, /supply, /supply-history): one
 * API for the four kinds; who reads and writes each kind is checked per kind in the service.
 */
export function registerMovementRoutes(app: FastifyInstance, context: ServerContext): void {
  // The list and its export may read a replica; the detail (read before acting) and the save use the primary.
  const { db, reader } = context;
  const paths = ApiPath.movement;
  defineRoute(app, context, {
    method: 'GET',
    path: paths.list,
    access: 'member',
    query: movementListQuery,
    response: movementList,
    handler: async ({ caller, query }) => listMovements(reader, caller, query, context.now()),
  });
  defineRoute(app, context, {
    method: 'GET',
    path: paths.export,
    access: 'member',
    query: movementListQuery,
    response: csvFile,
    handler: async ({ caller, query, request, reply }) =>
      sendCsvExport(request, reply, context.messages, {
        names: await exportNames(context.reader),
        ...(await movementSource(reader, caller, query, context.now())),
        sort: { sort: query.sort, order: query.order },
        view: movementExport(query.kind),
        name: query.kind,
      }),
  });
  defineRoute(app, context, {
    method: 'GET',
    path: paths.detail,
    access: 'member',
    query: detailQuery,
    response: movementRecord,
    handler: async ({ caller, query }) => findMovement(db, caller, query.id, context.now()),
  });
  // The form's balance and fee before saving: the writers of some kind; the kind's own and the wallet's rules in the service.
  defineRoute(app, context, {
    method: 'GET',
    path: paths.quote,
    access: 'movement.start',
    query: movementQuoteQuery,
    response: movementQuote,
    handler: async ({ caller, query }) => quoteMovement(db, caller, query),
  });
  defineRoute(app, context, {
    method: 'POST',
    path: paths.save,
    access: 'movement.start',
    body: movementBody,
    response: movementRecord,
    // Every kind, direct or starting a proposal (docs/DECISIONS.md "Two-factor authentication and step-up").
    stepUp: true,
    handler: async ({ caller, body, request }) =>
      saveMovement(
        db,
        caller,
        body,
        context.now(),
        context.config.proposalTtlHours,
        chainSafeStates(context.chains),
        context.chains,
        (error) => request.log.warn({ err: error }, 'an outflow was recorded and could not be finished now: the resume finishes it'),
      ),
  });
}
