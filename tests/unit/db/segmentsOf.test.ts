import { describe, expect, it } from 'vitest';
import { segmentsOf, type Segment } from '../../../server/modules/report/orderVolume';

/**
 * How a report's range is cut (docs/DECISIONS.md "Reports at volume"): whole months, days and
 * hours from the volume tables, and only the minutes at the range's ends that are not a whole
 * hour from the orders — each instant of the range in exactly one piece.
 */
const at = (iso: string) => new Date(iso);
const maybe = (iso?: string) => (iso === undefined ? undefined : at(iso));
/** Pieces end to end from `from`, each given as its source and its end (undefined: unbounded). */
const chain = (from: string | undefined, ...pieces: Array<[Segment['source'], string | undefined]>): Segment[] =>
  pieces.map(([source, to], i) => ({ source, from: maybe(i === 0 ? from : pieces[i - 1][1]), to: maybe(to) }));

describe('segmentsOf', () => {
  it('cuts a range across months into minutes, hours, days and months', () => {
    expect(segmentsOf(at('2026-01-30T18:30:00Z'), at('2026-04-02T05:00:00Z'))).toEqual(
      chain(
        '2026-01-30T18:30:00Z',
        ['orders', '2026-01-30T19:00:00Z'],
        ['hour', '2026-01-31T00:00:00Z'],
        ['day', '2026-02-01T00:00:00Z'],
        ['month', '2026-04-01T00:00:00Z'],
        ['day', '2026-04-02T00:00:00Z'],
        ['hour', '2026-04-02T05:00:00Z'],
      ),
    );
  });

  it('the last 7 days picked in UTC+8 read no order: their edge days are whole hours', () => {
    expect(segmentsOf(at('2026-11-21T16:00:00Z'), at('2026-11-28T16:00:00Z'))).toEqual(
      chain('2026-11-21T16:00:00Z', ['hour', '2026-11-22T00:00:00Z'], ['day', '2026-11-28T00:00:00Z'], ['hour', '2026-11-28T16:00:00Z']),
    );
    // Up to now: the minutes of the current hour alone from the orders.
    expect(segmentsOf(at('2026-11-21T16:00:00Z'), at('2026-11-29T18:15:42.123Z')).slice(-2)).toEqual(
      chain('2026-11-29T00:00:00Z', ['hour', '2026-11-29T18:00:00Z'], ['orders', '2026-11-29T18:15:42.123Z']),
    );
  });

  it('a range inside one hour is counted from the orders; one whole hour from its row', () => {
    expect(segmentsOf(at('2026-03-03T10:05:00Z'), at('2026-03-03T10:50:00Z'))).toEqual(
      chain('2026-03-03T10:05:00Z', ['orders', '2026-03-03T10:50:00Z']),
    );
    expect(segmentsOf(at('2026-03-03T10:00:00Z'), at('2026-03-03T11:00:00Z'))).toEqual(
      chain('2026-03-03T10:00:00Z', ['hour', '2026-03-03T11:00:00Z']),
    );
  });

  it('a range inside one day: its hours, and the minutes at either end', () => {
    expect(segmentsOf(at('2026-03-03T03:20:00Z'), at('2026-03-03T21:40:00Z'))).toEqual(
      chain(
        '2026-03-03T03:20:00Z',
        ['orders', '2026-03-03T04:00:00Z'],
        ['hour', '2026-03-03T21:00:00Z'],
        ['orders', '2026-03-03T21:40:00Z'],
      ),
    );
  });

  it('open-ended ranges: whole months on the open side', () => {
    expect(segmentsOf(at('2026-03-03T10:30:00Z'), undefined)).toEqual(
      chain(
        '2026-03-03T10:30:00Z',
        ['orders', '2026-03-03T11:00:00Z'],
        ['hour', '2026-03-04T00:00:00Z'],
        ['day', '2026-04-01T00:00:00Z'],
        ['month', undefined],
      ),
    );
    expect(segmentsOf(undefined, at('2026-03-03T10:30:00Z'))).toEqual(
      chain(
        undefined,
        ['month', '2026-03-01T00:00:00Z'],
        ['day', '2026-03-03T00:00:00Z'],
        ['hour', '2026-03-03T10:00:00Z'],
        ['orders', '2026-03-03T10:30:00Z'],
      ),
    );
    expect(segmentsOf(undefined, undefined)).toEqual(chain(undefined, ['month', undefined]));
  });

  it('days picked in UTC+5:30 start and end on a half hour: half an hour from the orders at each end', () => {
    expect(segmentsOf(at('2026-02-09T18:30:00Z'), at('2026-03-14T18:30:00Z'))).toEqual(
      chain(
        '2026-02-09T18:30:00Z',
        ['orders', '2026-02-09T19:00:00Z'],
        ['hour', '2026-02-10T00:00:00Z'],
        ['day', '2026-03-14T00:00:00Z'],
        ['hour', '2026-03-14T18:00:00Z'],
        ['orders', '2026-03-14T18:30:00Z'],
      ),
    );
  });

  it('an empty or reversed range has no piece', () => {
    expect(segmentsOf(at('2026-03-03T10:00:00Z'), at('2026-03-03T10:00:00Z'))).toEqual([]);
    expect(segmentsOf(at('2026-04-02T05:00:00Z'), at('2026-01-30T18:30:00Z'))).toEqual([]);
  });

  it('any range: pieces in order, end to end, each on its grain’s edges, orders only within one hour', () => {
    const aligned: Record<Segment['source'], (d: Date) => boolean> = {
      orders: () => true,
      hour: (d) => d.getTime() % 3_600_000 === 0,
      day: (d) => d.getTime() % 86_400_000 === 0,
      month: (d) => d.getTime() % 86_400_000 === 0 && d.getUTCDate() === 1,
    };
    const base = Date.UTC(2025, 10, 1);
    for (let n = 0; n < 500; n++) {
      // Deterministic spread: lengths from minutes to months, starts on any minute.
      const from = new Date(base + ((n * 7919) % 100_000) * 60_000 + (n % 7) * 1_000);
      const to = new Date(from.getTime() + ((n * n * 104_729) % 200_000) * 60_000 + 60_000);
      const segments = segmentsOf(from, to);
      expect(segments[0].from).toEqual(from);
      expect(segments.at(-1)!.to).toEqual(to);
      segments.forEach((segment, i) => {
        expect(segment.from! < segment.to!).toBe(true);
        if (i > 0) expect(segment.from).toEqual(segments[i - 1].to);
        if (segment.source === 'orders') expect(segment.to!.getTime() - segment.from!.getTime()).toBeLessThan(3_600_000);
        else expect(aligned[segment.source](segment.from!) && aligned[segment.source](segment.to!)).toBe(true);
      });
      expect(segments.filter((s) => s.source === 'orders').length).toBeLessThanOrEqual(2);
    }
  });
});
