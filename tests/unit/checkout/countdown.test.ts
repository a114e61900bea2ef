import { describe, expect, it } from 'vitest';
import { formatRemaining, remainingMs } from '../../../src/checkout/countdown';

describe('the checkout countdown (src/checkout/countdown.ts)', () => {
  const expiresAt = '2026-11-29T06:30:00.000Z';

  it('runs on the server clock: a payer clock ten minutes ahead changes nothing', () => {
    const serverNow = '2026-11-29T06:00:00.000Z';
    const receivedAt = Date.parse('2026-11-29T06:10:00.000Z'); // the payer's clock is 10 minutes fast
    expect(remainingMs(expiresAt, serverNow, receivedAt, receivedAt)).toBe(30 * 60_000);
    // 90 seconds later on the payer's clock: 90 seconds less, whatever that clock says the time is.
    expect(remainingMs(expiresAt, serverNow, receivedAt, receivedAt + 90_000)).toBe(28.5 * 60_000);
  });

  it('stops at zero, and an order without an expiry has no countdown', () => {
    const serverNow = '2026-11-29T06:29:59.000Z';
    expect(remainingMs(expiresAt, serverNow, 0, 5_000)).toBe(0);
    expect(remainingMs(null, serverNow, 0, 0)).toBeNull();
  });

  it('shows minutes and seconds, hours from an hour up, rounding up to the whole second', () => {
    expect(formatRemaining(30 * 60_000)).toBe('30:00');
    expect(formatRemaining(61_001)).toBe('01:02');
    expect(formatRemaining(999)).toBe('00:01');
    expect(formatRemaining(0)).toBe('00:00');
    expect(formatRemaining(7 * 3600_000 + 5 * 60_000 + 9_000)).toBe('7:05:09');
  });
});
