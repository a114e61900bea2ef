/**
 * The merchant API's orders, once for the server and the console (docs/payments.md).
 */

/**
 * The wallet kind of an order's own deposit address: one of the org's wallets in the books, never
 * made by hand (not among WALLET_KINDS), and left out of the wallet lists unless asked for.
 */
export const ORDER_DEPOSIT_KIND = 'OrderDeposit';

/** The public page a payer pays an order on, by the order's unguessable code. */
export const CHECKOUT_PAGE_PATH = '/checkout';
export const checkoutPath = (code: string) => `${CHECKOUT_PAGE_PATH}/${encodeURIComponent(code)}`;
