import { MAX_PAGE_SIZE } from '../../contract/constants';
import type { FirstReadContext, ListRead } from '../engine/types';

/**
 * The queue's read: every open proposal at once (up to the API's largest page), not a page of them —
 * the next nonce of each wallet must be in view — on the app bar's chain (none without one). The
 * queue reads it when it mounts, and a deep link to /multisig at boot (the declaration's `firstRead`).
 */
export const queueRead = ({ chainId }: FirstReadContext): ListRead => ({
  pagination: { page: 1, perPage: MAX_PAGE_SIZE },
  sort: { field: 'nonce', order: 'ASC' },
  filter: { state: 'open', ...(chainId === undefined ? {} : { chainId }) },
});
