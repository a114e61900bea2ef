/** Report constants both sides read, free of zod (declarations import them). */
export const ORDER_REPORTS = ['payment', 'linkpay', 'recharge'] as const;
export type OrderReportKind = (typeof ORDER_REPORTS)[number];
export const ORDER_STATUSES = ['pending', 'paid', 'expired', 'failed'] as const;
/** sweep (deposits gathered), withdraw and transfer (a direct movement out; a refund or supply is a transfer), proposal (any executed proposal). */
export const GAS_REASONS = ['sweep', 'withdraw', 'transfer', 'proposal'] as const;
export type GasReason = (typeof GAS_REASONS)[number];
