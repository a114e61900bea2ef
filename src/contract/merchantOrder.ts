/**
 * The merchant API's orders, once for the server and the console (docs/payments.md).
 */

/**
 * The wallet kind of an order's own deposit address: one of the org's wallets in the books, never
 * made by hand (not among WALLET_KINDS), and left out of the wallet lists unless asked for.
 */
export const ORDER_DEPOSIT_KIND = 'OrderDeposit';

/**
 * An order's own address is never edited, deleted or spent by a person: the platform alone collects
 * its money (docs/payments.md "An address per order"). The wallet write rule (walletWriteRule.ts) and
 * the outflow rule (movement.ts) both answer this first, whoever asks; the console reads the same rule.
 */
export const ORDER_DEPOSIT_REFUSAL = 'api.orderDepositWallet';
export const orderDepositRefusal = (walletKind: string): typeof ORDER_DEPOSIT_REFUSAL | null =>
  walletKind === ORDER_DEPOSIT_KIND ? ORDER_DEPOSIT_REFUSAL : null;

/** The public page a payer pays an order on, by the order's unguessable code. */
export const CHECKOUT_PAGE_PATH = '/checkout';
export const checkoutPath = (code: string) => `${CHECKOUT_PAGE_PATH}/${encodeURIComponent(code)}`;
