import { combine, masks } from '../access';
import { MERCHANT_MONEY_STAFF } from './merchantMoneyStaff';
import { ORDER_STATUSES } from './report';

/** What an order_repair row records (its `action`): a manual credit, or the chain read again. */
export const REPAIR_ACTIONS = ['recredit', 'recheck'] as const;

/** Who re-credits an order by hand: the operator row (the platform answers for the money). Merchants look orders up. */
export const ORDER_REPAIRERS = masks.operator;
/** Orders a re-credit may repair: never paid. Pending ones are still waiting for their payment. */
export const RECREDITABLE_STATUSES: readonly string[] = ['expired', 'failed'];

/**
 * Who re-checks an order on chain: the operator row, and a merchant's managers and finance
 * staff for their own org's orders (tenancy scoping). A re-check only reads the chain and can
 * only complete a payment that really arrived, so the people who chase their payments may.
 */
export const ORDER_RECHECKERS = combine(masks.operator, MERCHANT_MONEY_STAFF);
/** Orders a re-check reads the chain for: every one not paid yet, pending ones included. */
export const RECHECKABLE_STATUSES: readonly string[] = ORDER_STATUSES.filter((status) => status !== 'paid');
