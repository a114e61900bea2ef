import { orderReport } from '../reports/reportDeclaration';

/** The linkpay report (/linkpay-report): payments through pay links, one order per row (src/resources/reports/reportDeclaration.ts). */
export default orderReport('linkpay', '/linkpay-report', { lazy: () => import('@mui/icons-material/Link') });
