/** Report constants both sides read, free of zod (declarations import them). */
export const ORDER_REPORTS = ['payment', 'linkpay', 'recharge'] as const;
export type OrderReportKind = (typeof ORDER_REPORTS)[number];
export const ORDER_STATUSES = ['pending', 'paid', 'expired', 'failed'] as const;
export const GAS_REASONS = ['sweep', 'withdraw', 'proposal'] as const;
