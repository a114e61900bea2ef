/**
 * Where a payer opens a pay link: the platform's payer page, `/pay/<code>` on the platform's
 * own origin (docs/DECISIONS.md "Payments and reports"). One definition for the console that shows the
 * link and the server that will answer it.
 */
export const PAY_PAGE_PATH = '/pay';
export const payLinkPath = (code: string) => `${PAY_PAGE_PATH}/${encodeURIComponent(code)}`;

/** The rule per link: writers act on their own org's links only. */
export const mayWritePayLink = (actor: { org: { orgId: number } }, link: { orgId: number }) => actor.org.orgId === link.orgId;
