import { ORDER_STATUSES } from './report';

/** What an order_repair row records (its `action`): a manual credit, or the chain read again. */
export const REPAIR_ACTIONS = ['recredit', 'recheck'] as const;

/** Orders a re-credit may repair: never paid. Pending ones are still waiting for their payment. */
export const RECREDITABLE_STATUSES: readonly string[] = ['expired', 'failed'];

/** Orders a re-check reads the chain for: every one not paid yet, pending ones included. */
export const RECHECKABLE_STATUSES: readonly string[] = ORDER_STATUSES.filter((status) => status !== 'paid');
