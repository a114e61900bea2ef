import { ApiPath } from '../../contract/apiPaths';
import type { ResourceRegistry } from '../../dataProvider';

/**
 * Two lists of the multisig API that are no screen of their own, read through the dataProvider
 * under these names (docs/console.md "Sign log and waiting proposals"): the sign log across
 * proposals (/multisig's "Sign log" tab) and a movement kind's proposals (the movement screens'
 * "Waiting proposals"). Only their list exists: every other action points at it, so a stray
 * call fails loudly on the server.
 */
export const SIGN_LOG_RESOURCE = 'sign-log';
export const MOVEMENT_PROPOSALS_RESOURCE = 'movement-proposals';

const listOnly = (list: string, exportPath?: string) => ({
  list,
  detail: list,
  save: list,
  update: list,
  delete: list,
  ...(exportPath ? { export: exportPath } : {}),
});

export const signListEndpoints: ResourceRegistry = {
  [SIGN_LOG_RESOURCE]: { paths: listOnly(ApiPath.sign.logList, ApiPath.sign.logExport) },
  [MOVEMENT_PROPOSALS_RESOURCE]: { paths: listOnly(ApiPath.sign.transferList), idField: 'proposalId' },
};

/** Which resource's page shows each list, whose list access it shares (src/resources/engine/access.ts). */
export const signListsShownOn: Record<string, string> = {
  [SIGN_LOG_RESOURCE]: 'multisig',
};
