/**
 * The platform's fee on a paid order (docs/DECISIONS.md "An order's fee"): 0.5 % of its amount,
 * rounded down to the currency's decimals. Every path that pays an order books it this way
 * (server/modules/ledger/orderCredit.ts), the demo's orders included; an order not paid carries 0.
 */
export const ORDER_FEE_PER_MILLE = 5n;

/** The fee of a paid order of `amount` (a decimal string) in a currency of `decimals` places. */
export function orderFeeOf(amount: string, decimals: number): string {
  const [whole, fraction = ''] = amount.split('.');
  const units = BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
  const fee = ((units * ORDER_FEE_PER_MILLE) / 1000n).toString();
  if (decimals === 0) return fee;
  const text = fee.padStart(decimals + 1, '0');
  const cents = text.slice(-decimals).replace(/0+$/, '');
  return cents ? `${text.slice(0, -decimals)}.${cents}` : text.slice(0, -decimals);
}
