import { pickedDays } from '../reports/zonedTime';

/**
 * An export's file name: the list, then — when the list is filtered to dates — the days picked
 * and the zone they were picked in (`payment-report_2026-10-01_2026-10-31_Asia-Shanghai`), then
 * when it was made, so two exports of the same list never overwrite each other.
 */
export function exportFileName(list: string, filter: Record<string, unknown>, timeZone: string, now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const { from, to } = pickedDays(filter.dateFrom, filter.dateTo, timeZone);
  if (!from && !to) return `${list}-${stamp}.csv`;
  const zone = timeZone.replace(/[^\w+-]+/g, '-');
  return `${list}_${from || 'start'}_${to || 'now'}_${zone}-${stamp}.csv`;
}
