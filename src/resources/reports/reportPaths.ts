import { ApiPath } from '../../contract/apiPaths';
import { ORDER_REPORTS } from '../../contract/report';

/** What a report lists: orders of a kind, or the gas the platform spent. */
export const REPORT_KINDS = [...ORDER_REPORTS, 'gas'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Each report resource's kind and totals endpoint, by its declared name. */
const REPORTS: Record<string, { kind: ReportKind; totals: string }> = {
  'payment-report': { kind: 'payment', totals: ApiPath.report.payment.totals },
  'linkpay-report': { kind: 'linkpay', totals: ApiPath.report.linkpay.totals },
  'recharge-report': { kind: 'recharge', totals: ApiPath.report.recharge.totals },
  'gas-report': { kind: 'gas', totals: ApiPath.report.gas.totals },
};

export function reportOf(name: string): { kind: ReportKind; totals: string } {
  const report = REPORTS[name];
  if (!report) throw new Error(`${name} is not a report`);
  return report;
}

/**
 * Lists that take the reports' date range and empty state (ReportSummary, ReportEmpty) with no
 * totals: the audit log. Their empty texts are `report.empty.<kind>.*` too.
 */
const DATED_LISTS: Record<string, string> = { 'audit-log': 'audit' };
export const EMPTY_KINDS: readonly string[] = [...REPORT_KINDS, ...Object.values(DATED_LISTS)];

/** A report, or a dated list without totals. */
export function datedListOf(name: string): { kind: string; report: { kind: ReportKind; totals: string } | null } {
  if (DATED_LISTS[name]) return { kind: DATED_LISTS[name], report: null };
  const report = reportOf(name);
  return { kind: report.kind, report };
}
