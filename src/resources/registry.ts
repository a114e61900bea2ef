import type { ResourceRegistry } from '../dataProvider';
import { ApiPath } from '../contract/apiPaths';

/** react-admin resource name → API endpoints. Chain and currency lists fail soft (SPEC A6). */
export const resourceRegistry: ResourceRegistry = {
  network: { paths: ApiPath.chain, emptyOnListFailure: true },
  currency: { paths: ApiPath.currency, emptyOnListFailure: true },
  'chain-wallet': { paths: ApiPath.chainWallet },
  // Proposals are keyed by proposalId (SPEC A3); create = start. No update or delete: proposals change only through actions.
  multisig: {
    paths: { list: ApiPath.sign.list, detail: ApiPath.sign.detail, save: ApiPath.sign.start, update: ApiPath.sign.start, delete: ApiPath.sign.start },
    idField: 'proposalId',
    detailIdParam: 'proposalId',
  },
};
