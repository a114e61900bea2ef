import { describe, expect, it } from 'vitest';
import { dayRange, nextDay, pickedDays, reportTimeZones, zonedMidnight } from '../../../src/resources/reports/zonedTime';

describe('report days in a time zone', () => {
  it('midnight of a day in a zone, as an instant', () => {
    expect(zonedMidnight('2026-11-23', 'UTC').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(zonedMidnight('2026-11-23', 'Asia/Shanghai').toISOString()).toBe('2026-11-22T16:00:00.000Z');
    // New York: EDT (-4) in July, EST (-5) in December.
    expect(zonedMidnight('2026-07-01', 'America/New_York').toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(zonedMidnight('2026-12-01', 'America/New_York').toISOString()).toBe('2026-12-01T05:00:00.000Z');
    // The day clocks change (8 Mar 2026 in New York) starts before the change.
    expect(zonedMidnight('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(zonedMidnight('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('inclusive days become [from midnight, the midnight after to)', () => {
    expect(dayRange('2026-11-01', '2026-11-30', 'Asia/Shanghai')).toEqual({
      dateFrom: '2026-10-31T16:00:00.000Z',
      dateTo: '2026-11-30T16:00:00.000Z',
    });
    expect(dayRange(undefined, '2026-12-31', 'UTC')).toEqual({ dateTo: '2027-01-01T00:00:00.000Z' });
    expect(dayRange(undefined, undefined, 'UTC')).toEqual({});
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });

  it('offers the browser’s zone first, once', () => {
    expect(reportTimeZones('Asia/Shanghai')).toEqual([
      'Asia/Shanghai',
      'UTC',
      'Asia/Hong_Kong',
      'Asia/Singapore',
      'Europe/London',
      'America/New_York',
    ]);
  });

  it('the instants read back as the days picked, in the same zone (the summary shows what the filters hold)', () => {
    for (const zone of ['UTC', 'Asia/Shanghai', 'America/New_York']) {
      const range = dayRange('2026-03-01', '2026-03-08', zone);
      expect(pickedDays(range.dateFrom, range.dateTo, zone)).toEqual({ from: '2026-03-01', to: '2026-03-08' });
    }
    expect(pickedDays(undefined, 'not a date', 'UTC')).toEqual({ from: '', to: '' });
  });
});
