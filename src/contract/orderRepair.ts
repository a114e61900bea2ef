import { masks } from '../access';

/** Who re-credits an order by hand: the operator row (the platform answers for the money). Merchants look orders up. */
export const ORDER_REPAIRERS = masks.operator;
/** Orders a re-credit may repair: never paid. Pending ones are still waiting for their payment. */
export const RECREDITABLE_STATUSES: readonly string[] = ['expired', 'failed'];
