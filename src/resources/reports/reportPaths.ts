import { ApiPath } from '../../contract/apiPaths';

/** Each report resource's totals endpoint, by its declared name. */
export const REPORT_TOTALS: Record<string, string> = {
  'payment-report': ApiPath.report.payment.totals,
  'linkpay-report': ApiPath.report.linkpay.totals,
  'recharge-report': ApiPath.report.recharge.totals,
  'gas-report': ApiPath.report.gas.totals,
};
