import { describe, expect, it } from 'vitest';
import { formatAmount, formatCompact, formatDateTime, formatDay, formatNumber } from '../../../src/i18n/format';

describe('amounts follow the language, digit for digit', () => {
  it.each([
    ['1250.5', 6, 'en-US', '1,250.50'],
    ['49.9', 6, 'en-US', '49.90'],
    ['1250.5', 6, 'zh-CN', '1,250.50'],
    ['5', 0, 'en-US', '5'],
    ['5', undefined, 'en-US', '5.00'],
    ['0.000123', 18, 'en-US', '0.000123'],
    // Beyond a JS number's precision: grouped as a BigInt, the fraction kept whole.
    ['123456789012345678901.123456789012345678', 18, 'en-US', '123,456,789,012,345,678,901.123456789012345678'],
    ['-1234567.10', 6, 'en-US', '-1,234,567.10'],
    ['1250.50', 6, 'de-DE', '1.250,50'],
  ])('%s (%s decimals) in %s reads %s', (value, decimals, language, shown) => {
    expect(formatAmount(value, language, decimals)).toBe(shown);
  });

  it('leaves blanks blank and shows what is not a decimal string as it came', () => {
    expect(formatAmount(null, 'en-US')).toBe('');
    expect(formatAmount('', 'en-US')).toBe('');
    expect(formatAmount('n/a', 'en-US')).toBe('n/a');
  });

  it('counts group by the language, ids can opt out', () => {
    expect(formatNumber(1234567, 'en-US')).toBe('1,234,567');
    expect(formatNumber(728126428, 'en-US', false)).toBe('728126428');
  });
});

describe('dates follow the language', () => {
  const instant = '2026-11-23T20:38:55Z';
  it('English and Chinese write the same instant their own way, in the zone asked for', () => {
    expect(formatDateTime(instant, 'en-US', 'UTC')).toBe('Nov 23, 2026, 8:38 PM');
    expect(formatDateTime(instant, 'zh-CN', 'UTC')).toBe('2026年11月23日 20:38');
    // Shanghai is already the next morning.
    expect(formatDateTime(instant, 'zh-CN', 'Asia/Shanghai')).toBe('2026年11月24日 04:38');
  });

  it('a calendar day of the API reads short, whatever the browser zone', () => {
    expect(formatDay('2026-10-25', 'en-US')).toBe('Oct 25');
    expect(formatDay('2026-10-25', 'zh-CN')).toBe('10月25日');
  });

  it('nothing is blank, and what is no date stays as it came', () => {
    expect(formatDateTime(null, 'en-US')).toBe('');
    expect(formatDateTime('soon', 'en-US')).toBe('soon');
  });
});

describe('chart figures are short', () => {
  it('1.2K in English, 万 in Chinese', () => {
    expect(formatCompact(1234, 'en-US')).toBe('1.2K');
    expect(formatCompact(45582, 'zh-CN')).toBe('4.6万');
    expect(formatCompact(0, 'en-US')).toBe('0');
  });
});
