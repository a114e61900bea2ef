import { describe, expect, it } from 'vitest';
import { amountProblem, isDecimalString } from '../../../src/contract/money';

describe('amountProblem', () => {
  it.each([
    ['1', 6],
    ['0.5', 6],
    ['123456789012345678901234567890.123456', 6],
    ['1.500000000', 1],
    ['0.000000000000000001', 18],
    ['10', 0],
  ])('accepts %s with %i decimals', (value, decimals) => {
    expect(amountProblem(value, { decimals })).toBeNull();
  });

  /** Each refusal's message key and decimals, with the values refused for it. */
  const refusals: Array<[string, number, unknown[]]> = [
    ['validation.required', 6, [undefined, '', null]],
    ['validation.amountString', 6, [1.5]],
    ['validation.amount', 6, ['0', '0.000', '-1', '+1', '0x10', '01', '.5', '5.', ' 1', '1,5', 'NaN', '1'.repeat(81), ['1']]],
    ['validation.amount', 18, ['1e18']],
    ['validation.amountDecimals', 6, ['0.0000001']],
    ['validation.amountDecimals', 0, ['1.5']],
  ];
  it.each(refusals.flatMap(([key, decimals, values]) => values.map((value): [unknown, number, string] => [value, decimals, key])))(
    'refuses %j with %i decimals as %s',
    (value, decimals, key) => {
      expect(amountProblem(value, { decimals })?.key).toBe(key);
    },
  );

  it('names the decimals in the message params', () => {
    expect(amountProblem('0.123', { decimals: 2 })).toEqual({ key: 'validation.amountDecimals', params: { decimals: 2 } });
  });

  it('allows zero for fees and minimums, and says "0 or more" when refusing', () => {
    expect(amountProblem('0', { decimals: 6, allowZero: true })).toBeNull();
    expect(amountProblem('0.00', { decimals: 6, allowZero: true })).toBeNull();
    expect(amountProblem('-0.1', { decimals: 6, allowZero: true })?.key).toBe('validation.amountNonNegative');
  });

  it('isDecimalString checks the shape only', () => {
    expect(isDecimalString('0')).toBe(true);
    expect(isDecimalString('1.25')).toBe(true);
    expect(isDecimalString(1)).toBe(false);
    expect(isDecimalString('1e3')).toBe(false);
  });
});
