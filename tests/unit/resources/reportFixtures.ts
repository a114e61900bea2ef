/** A paid order as the report lists answer it: the row the report screens' tests show. */
export const paidOrder = {
  id: 1,
  orderNo: 'PAY2026110100001',
  chainId: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  orgName: 'Org',
  symbol: 'USDT',
  amount: '5',
  fee: '0.05',
  status: 'paid',
  paidAt: '2026-11-01T10:05:00.000Z',
};
