/**
 * Days picked in a time zone as instants (a report's date range with its time zone): a report
 * for 23 Nov in Shanghai covers [22 Nov 16:00Z, 23 Nov 16:00Z). Uses the platform's time
 * zone data (Intl), daylight saving included.
 */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** Midnight at the start of `day` (YYYY-MM-DD) in `timeZone`. */
export function zonedMidnight(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, date);
  let instant = wall - offsetAt(wall, timeZone);
  // Across a daylight-saving change the offset at the guess can differ from the one at midnight.
  const settled = offsetAt(instant, timeZone);
  if (wall - settled !== instant) instant = wall - settled;
  return new Date(instant);
}

/** The day after `day`, as YYYY-MM-DD. */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** Inclusive days [from, to] in a zone → the API's [dateFrom, dateTo) instants. */
export function dayRange(from: string | undefined, to: string | undefined, timeZone: string): { dateFrom?: string; dateTo?: string } {
  return {
    ...(from ? { dateFrom: zonedMidnight(from, timeZone).toISOString() } : {}),
    ...(to ? { dateTo: zonedMidnight(nextDay(to), timeZone).toISOString() } : {}),
  };
}

/** The zones offered: the browser's own first, then the ones a custody desk usually reports in. */
export function reportTimeZones(own = Intl.DateTimeFormat().resolvedOptions().timeZone): string[] {
  return [...new Set([own, 'UTC', 'Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Singapore', 'Europe/London', 'America/New_York'])];
}

/** The day (YYYY-MM-DD) an instant falls on in `timeZone`. */
export function zonedDay(instant: string | Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));
}

/** The API's [dateFrom, dateTo) instants → the inclusive days they were picked as in `timeZone` (reverse of `dayRange`). */
export function pickedDays(dateFrom: unknown, dateTo: unknown, timeZone: string): { from: string; to: string } {
  const valid = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));
  return {
    from: valid(dateFrom) ? zonedDay(dateFrom, timeZone) : '',
    to: valid(dateTo) ? zonedDay(new Date(Date.parse(dateTo) - 1), timeZone) : '',
  };
}
