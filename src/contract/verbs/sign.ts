import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import {
  movementProposalListQuery,
  proposalDetail,
  proposalList,
  signActionBody,
  signDetailQuery,
  signListQuery,
  signLogList,
  signLogListQuery,
  signStartBody,
  startedProposal,
} from '../schemas/sign';
import { csvFile } from '../schemas/response';

/** Approve, confirm or deny: the same body and answer, a fresh second factor each time. */
const proposalAction = (path: string, summary: string) =>
  ({ method: 'POST', path, summary, access: 'member', body: signActionBody, response: proposalDetail, stepUp: true }) as const;

/**
 * Multisig proposals (docs/proposals.md). Every role reaches them ('member'): who may start,
 * approve, deny and confirm is decided per proposal by the service (the kind's writers, the
 * wallet's org, the frozen signer set). The sign log across proposals is /multisig's own list,
 * open to exactly that route's roles ('signLog.read').
 */
export const signVerbs = defineVerbs({
  list: {
    method: 'GET',
    path: ApiPath.sign.list,
    summary: "The proposals of the caller's wallets, open ones first",
    access: 'member',
    query: signListQuery,
    response: proposalList,
  },
  movementList: {
    method: 'GET',
    path: ApiPath.sign.transferList,
    summary: "A movement screen's proposals: of one kind, for those who read that kind's list",
    access: 'member',
    query: movementProposalListQuery,
    response: proposalList,
  },
  detail: {
    method: 'GET',
    path: ApiPath.sign.detail,
    summary: 'One proposal with its votes, signers and sign log',
    access: 'member',
    query: signDetailQuery,
    response: proposalDetail,
  },
  logList: {
    method: 'GET',
    path: ApiPath.sign.logList,
    summary: 'The sign log across proposals',
    access: 'signLog.read',
    query: signLogListQuery,
    response: signLogList,
  },
  logExport: {
    method: 'GET',
    path: ApiPath.sign.logExport,
    summary: 'The sign log as CSV, under the list’s filters',
    access: 'signLog.read',
    query: signLogListQuery,
    response: csvFile,
  },
  start: {
    method: 'POST',
    path: ApiPath.sign.start,
    summary: 'Starts a proposal: a transfer, withdrawal, refund or supply out of a multisig wallet, or a change of its signers',
    access: 'member',
    body: signStartBody,
    response: startedProposal,
    // Changing who signs (or how many) is as sensitive as signing; a money proposal still needs approvals.
    stepUp: (body) => body.kind === 'governance',
  },
  approval: proposalAction(ApiPath.sign.approval, "Approves a proposal with the signer's signature"),
  confirm: proposalAction(ApiPath.sign.confirm, 'Executes an approved proposal'),
  deny: proposalAction(ApiPath.sign.deny, 'Denies a proposal'),
});
