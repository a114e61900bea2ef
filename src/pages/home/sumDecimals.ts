/**
 * Adds decimal strings exactly (docs/ledger.md: amounts are never JS numbers): scaled to
 * BigInt at the longest fraction, summed, and printed back without trailing zeros.
 */
export function sumDecimals(amounts: readonly string[]): string {
  const scale = Math.max(0, ...amounts.map((a) => (a.split('.')[1] ?? '').length));
  const total = amounts.reduce((sum, amount) => {
    const [whole, fraction = ''] = amount.split('.');
    return sum + BigInt(whole + fraction.padEnd(scale, '0'));
  }, 0n);
  if (scale === 0) return total.toString();
  const digits = total.toString().padStart(scale + 1, '0');
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  return fraction ? `${digits.slice(0, -scale)}.${fraction}` : digits.slice(0, -scale);
}
