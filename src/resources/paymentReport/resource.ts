import { orderReport } from '../reports/reportDeclaration';

/** The payment report (/payment-report): payments to merchants, one order per row (src/resources/reports/reportDeclaration.ts). */
export default orderReport('payment', '/payment-report', { lazy: () => import('@mui/icons-material/Payments') });
