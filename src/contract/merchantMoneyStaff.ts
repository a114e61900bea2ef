import { combine, maskOf, masks, ROLES } from '../access';

/**
 * A merchant's people who handle its money: its managers and the finance staff of the tiers
 * that have one (pro, standard). Pay links, re-checks and pay-outs start from this set.
 */
export const MERCHANT_MONEY_STAFF = combine(masks.merchantManagers, maskOf(ROLES.merchantProFinance, ROLES.merchantStdFinance));
