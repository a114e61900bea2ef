import type { ResourceRegistry } from '../dataProvider';
import { ApiPath } from '../contract/apiPaths';

/** react-admin resource name → API endpoints. Chain and currency lists fail soft (SPEC A6). */
export const resourceRegistry: ResourceRegistry = {
  network: { paths: ApiPath.chain, emptyOnListFailure: true },
  currency: { paths: ApiPath.currency, emptyOnListFailure: true },
};
