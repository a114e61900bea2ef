import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import {
  movementProposalListQuery,
  signActionBody,
  signDetailQuery,
  signListQuery,
  signLogListQuery,
  proposalDetail as proposalDetailSchema,
  proposalList,
  signLogList,
  signStartBody,
  startedProposal,
} from '../../../src/contract/schemas/sign';
import { csvFile } from '../../../src/contract/schemas/response';
import { movementRead } from '../../../src/contract/movement';
import { forbidden } from '../../http/apiError';
import { may } from '../../../src/access';
import type { ProposalAction } from '../../../src/contract/proposalMachine';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { listProposals, listSignLogs, proposalDetail, signLogSource } from './queries';
import { sendListExport } from '../../http/listExport';
import { signLogExport } from '../../../src/contract/exports';
import { actOnProposal, startProposal } from './service';
import { chainSafeStates } from '../outflow/safeProposal';

/**
 * Multisig proposals (docs/proposals.md). Every role reaches the endpoints: who may start, approve,
 * deny and confirm is decided per proposal (the kind's writers, the wallet's org, the
 * frozen signer set). The lite tier has no /multisig screen, but a lite org's multisig
 * wallet still needs its m signers, so its signers act through the same API. The sign log
 * across proposals is /multisig's own list: open to exactly that route's roles.
 */
export function registerSignRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.sign;
  const access = 'member';

  defineRoute(app, context, {
    method: 'GET',
    path: paths.list,
    access,
    query: signListQuery,
    response: proposalList,
    handler: async ({ caller, query }) => listProposals(db, caller, query, context.now()),
  });

  defineRoute(app, context, {
    method: 'GET',
    path: paths.transferList,
    access,
    query: movementProposalListQuery,
    response: proposalList,
    // A movement screen's waiting proposals: of one kind, for those who read that kind's list.
    handler: async ({ caller, query }) => {
      if (!may(caller.roleIndex, movementRead(query.kind))) throw forbidden();
      return listProposals(db, caller, query, context.now());
    },
  });

  defineRoute(app, context, {
    method: 'GET',
    path: paths.detail,
    access,
    query: signDetailQuery,
    response: proposalDetailSchema,
    handler: async ({ caller, query }) => proposalDetail(db, caller, query.proposalId, context.now()),
  });

  defineRoute(app, context, {
    method: 'GET',
    path: paths.logList,
    access: 'signLog.read',
    query: signLogListQuery,
    response: signLogList,
    handler: async ({ caller, query }) => listSignLogs(context.reader, caller, query),
  });

  defineRoute(app, context, {
    method: 'GET',
    path: paths.logExport,
    access: 'signLog.read',
    query: signLogListQuery,
    response: csvFile,
    handler: async ({ caller, query, request, reply }) =>
      sendListExport(context, request, reply, {
        ...signLogSource(context.reader, caller, query),
        sort: query,
        view: signLogExport,
        name: 'sign-log',
      }),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.start,
    access,
    body: signStartBody,
    response: startedProposal,
    // Changing who signs (or how many) is as sensitive as signing; a money proposal still needs approvals.
    stepUp: (body) => body.kind === 'governance',
    handler: async ({ caller, body }) =>
      startProposal(db, caller, body, context.now(), context.config.proposalTtlHours, chainSafeStates(context.chains)),
  });

  const actions: Array<[ProposalAction, string]> = [
    ['approval', paths.approval],
    ['confirm', paths.confirm],
    ['deny', paths.deny],
  ];
  for (const [action, path] of actions) {
    defineRoute(app, context, {
      method: 'POST',
      path,
      access,
      body: signActionBody,
      response: proposalDetailSchema,
      stepUp: true,
      handler: async ({ caller, body, request }) =>
        actOnProposal(db, caller, action, body, context.now(), context.chains, (error) =>
          request.log.warn({ err: error }, 'an execution was recorded and could not be finished now: the resume finishes it'),
        ),
    });
  }
}
