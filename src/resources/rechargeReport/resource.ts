import { orderReport } from '../reports/reportDeclaration';

/** The recharge report (/recharge-report): recharges (deposits), one order per row (src/resources/reports/reportDeclaration.ts). */
export default orderReport('recharge', '/recharge-report', { lazy: () => import('@mui/icons-material/Savings') });
