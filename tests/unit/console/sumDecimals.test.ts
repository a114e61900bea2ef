import { describe, expect, it } from 'vitest';
import { sumDecimals } from '../../../src/pages/home/sumDecimals';

describe('sumDecimals', () => {
  it.each([
    [['1', '2'], '3'],
    [['0.1', '0.2'], '0.3'],
    [['25.5', '120000'], '120025.5'],
    [['0.000000000000000001', '1'], '1.000000000000000001'],
    [['1.50', '0.50'], '2'],
    [[], '0'],
  ])('%j → %s', (amounts, expected) => {
    expect(sumDecimals(amounts)).toBe(expected);
  });
});
