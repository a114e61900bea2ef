import { combine, maskOf, masks, ROLES } from '../access';

/**
 * Who creates, changes and deletes pay links: a merchant's managers and its finance
 * staff, for their own org (the route, /pay-link, is "all except agent": everyone else reads).
 */
export const PAY_LINK_WRITERS = combine(masks.merchantManagers, maskOf(ROLES.merchantProFinance, ROLES.merchantStdFinance));

/** The rule per link: writers act on their own org's links only. */
export const mayWritePayLink = (actor: { org: { orgId: number } }, link: { orgId: number }) => actor.org.orgId === link.orgId;
