import type { FieldMessage } from './validation';

/**
 * Amounts travel and are stored as decimal strings (docs/ledger.md): a JS number would
 * silently round 18-decimal token amounts. Plain digits with an optional fraction:
 * no sign, no exponent, no leading zeros, no bare "." at either end.
 */
const DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;
/** numeric(78) holds a uint256; longer strings are not amounts, whatever they say. */
const MAX_AMOUNT_LENGTH = 80;

export interface AmountRule {
  /** Most decimal places allowed (the currency's `decimals`). */
  decimals: number;
  /** Fees and minimums may be 0; a movement of money may not (the default). */
  allowZero?: boolean;
}

/** Why `value` is not an acceptable amount, or null when it is. */
export function amountProblem(value: unknown, rule: AmountRule): FieldMessage | null {
  if (value === undefined || value === null || value === '') return { key: 'validation.required' };
  if (typeof value === 'number') return { key: 'validation.amountString' };
  if (typeof value !== 'string' || value.length > MAX_AMOUNT_LENGTH || !DECIMAL.test(value)) {
    return { key: rule.allowZero ? 'validation.amountNonNegative' : 'validation.amount' };
  }
  if (!rule.allowZero && /^[0.]+$/.test(value)) return { key: 'validation.amount' };
  // Trailing zeros add no precision: "1.50" fits a currency of 1 decimal.
  const fraction = (value.split('.')[1] ?? '').replace(/0+$/, '');
  if (fraction.length > rule.decimals) return { key: 'validation.amountDecimals', params: { decimals: rule.decimals } };
  return null;
}

/** The shape of an amount before its currency's decimals are known: a decimal string ≥ 0. */
export const isDecimalString = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= MAX_AMOUNT_LENGTH && DECIMAL.test(value);

/** Compares two decimal strings exactly: negative, zero or positive as a <, =, > b. */
export function compareDecimal(a: string, b: string): number {
  const [aWhole, aFraction = ''] = a.split('.');
  const [bWhole, bFraction = ''] = b.split('.');
  const places = Math.max(aFraction.length, bFraction.length);
  const difference = BigInt(aWhole + aFraction.padEnd(places, '0')) - BigInt(bWhole + bFraction.padEnd(places, '0'));
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}
