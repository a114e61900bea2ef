/**
 * How the console writes numbers, amounts and instants in the language it speaks: the one
 * place every view formats them (the engine's fields, /home, /account, order repair), so a
 * column reads the same on every screen and follows the language switch.
 * Pure (no React, no react-admin): the sign-in path may import it.
 */

/** Fraction digits an amount shows at least: cents line up (1,250.50 over 49.90) without 18 zeros of wei. */
export const AMOUNT_MIN_FRACTION = 2;

const SIGNED_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

const decimalSeparator = (language: string) =>
  new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';

/**
 * A decimal-string amount (docs/ledger.md) with the language's separators, never through a JS number
 * (an 18-decimal amount would round): the whole part grouped as a BigInt, the fraction padded
 * to the currency's decimals up to AMOUNT_MIN_FRACTION, and every digit the value has kept.
 * Text that is not a decimal string is shown as it came.
 */
export function formatAmount(value: string | number | null | undefined, language: string, decimals?: number): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  const match = SIGNED_DECIMAL.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = ''] = match;
  const shown = Math.min(decimals ?? AMOUNT_MIN_FRACTION, AMOUNT_MIN_FRACTION);
  const digits = fraction.replace(/0+$/, '').padEnd(shown, '0');
  const grouped = new Intl.NumberFormat(language).format(BigInt(whole));
  return `${sign}${grouped}${digits ? decimalSeparator(language) + digits : ''}`;
}

/** A count or id with the language's grouping (`grouping: false` for ids such as chain IDs). */
export const formatNumber = (value: number, language: string, grouping = true) =>
  new Intl.NumberFormat(language, { useGrouping: grouping }).format(value);

/** A chart's axis figure: "1.2K" in English, "1.2万" in Chinese. */
export const formatCompact = (value: number, language: string) =>
  new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(value);

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * An instant as the language writes it ("Nov 23, 2026, 8:38 PM", "2026年11月23日 20:38"), in
 * `timeZone` when given (a report's chosen zone), else the browser's. Empty for none.
 */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  language: string,
  timeZone?: string,
  precision: 'minute' | 'second' = 'minute',
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const style: Intl.DateTimeFormatOptions = precision === 'second' ? { ...DATE_TIME, timeStyle: 'medium' } : DATE_TIME;
  return new Intl.DateTimeFormat(language, timeZone ? { ...style, timeZone } : style).format(date);
}

/** A calendar day of the API (`2026-11-23`, UTC) as the language writes it short ("Nov 23", "11月23日"). */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
}
