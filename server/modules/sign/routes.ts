import { signVerbs } from '../../../src/contract/verbs/sign';
import { movementRead } from '../../../src/contract/movement';
import { forbidden } from '../../http/apiError';
import { may } from '../../../src/access';
import type { ProposalAction } from '../../../src/contract/proposalMachine';
import { serveVerbs, type VerbHandler } from '../../http/verbs';
import { listProposals, listSignLogs, proposalDetail, signLogSource } from './queries';
import { sendListExport } from '../../http/listExport';
import { signLogExport } from '../../../src/contract/exports';
import { actOnProposal, startProposal } from './service';
import { chainSafeStates } from '../outflow/safeProposal';

/**
 * Multisig proposals (docs/proposals.md), declared in src/contract/verbs/sign.ts. The lite tier
 * has no /multisig screen, but a lite org's multisig wallet still needs its m signers, so its
 * signers act through the same API.
 */
export const registerSignRoutes = serveVerbs(signVerbs, (_app, context) => {
  const { db } = context;
  const act =
    (action: ProposalAction): VerbHandler<typeof signVerbs.approval> =>
    async ({ caller, body, request }) =>
      actOnProposal(db, caller, action, body, context.now(), context.chains, (error) =>
        request.log.warn({ err: error }, 'an execution was recorded and could not be finished now: the resume finishes it'),
      );
  return {
    list: async ({ caller, query }) => listProposals(db, caller, query, context.now()),
    // A movement screen's waiting proposals: of one kind, for those who read that kind's list.
    movementList: async ({ caller, query }) => {
      if (!may(caller.roleIndex, movementRead(query.kind))) throw forbidden();
      return listProposals(db, caller, query, context.now());
    },
    detail: async ({ caller, query }) => proposalDetail(db, caller, query.proposalId, context.now()),
    logList: async ({ caller, query }) => listSignLogs(context.reader, caller, query),
    logExport: async ({ caller, query, request, reply }) =>
      sendListExport(context, request, reply, {
        ...signLogSource(context.reader, caller, query),
        sort: query,
        view: signLogExport,
        name: 'sign-log',
      }),
    start: async ({ caller, body }) =>
      startProposal(db, caller, body, context.now(), context.config.proposalTtlHours, chainSafeStates(context.chains)),
    approval: act('approval'),
    confirm: act('confirm'),
    deny: act('deny'),
  };
});
