import type { ProposalDetail } from '../../../src/contract/schemas/sign';

const signer = (userId: number, account: string, userName: string, state: 'approved' | 'denied' | 'waiting') => ({ userId, account, userName, state });

/** A withdraw waiting for execution on a 2-of-3 wallet: the detail as GET /sys/sign/detail answers it. */
export const withdrawal = {
  id: 41,
  proposalId: 41,
  walletId: 3,
  walletLabel: 'Test cold',
  walletKind: 'MultiSigCold',
  walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  chainId: 1,
  orgId: 7,
  kind: 'withdraw',
  to: '0x52908400098527886E0F7030069857D2E4169EE7',
  amount: '1250.5',
  symbol: 'USDT',
  fee: '2.5',
  memo: 'Payout to a customer',
  orderNo: null,
  nonce: 17,
  status: 'approved',
  threshold: 2,
  newThreshold: null,
  newSigners: null,
  supersededBy: null,
  supersededByNonce: null,
  approvalCount: 2,
  proposer: 'merchantProManager',
  txHash: null,
  createdAt: '2026-03-01T10:00:00Z',
  updatedAt: '2026-03-01T11:00:00Z',
  expiresAt: '2026-03-04T10:00:00Z',
  executedAt: null,
  isNext: true,
  blockedByNonce: null,
  explorerUrl: 'https://etherscan.io',
  family: 'evm' as const,
  policy: null,
  signing: null,
  chainExecution: null,
  approvals: [
    { signerId: 11, account: 'merchantProManager', userName: 'Mia Manager', time: '2026-03-01T10:00:00Z', comment: '', signerAddress: null },
    { signerId: 12, account: 'merchantProFinance', userName: 'Finn Finance', time: '2026-03-01T11:00:00Z', comment: '', signerAddress: null },
  ],
  denials: [],
  signers: [signer(11, 'merchantProManager', 'Mia Manager', 'approved'), signer(12, 'merchantProFinance', 'Finn Finance', 'approved'), signer(13, 'merchantProEmployee', 'Emma Employee', 'waiting')],
  newSignerList: null,
  myActions: ['confirm', 'deny'],
  approvedAt: '2026-03-01T11:00:00Z',
  executedBy: null,
  executedByName: null,
  log: [
    { id: 301, proposalId: 41, action: 'start', actor: 'merchantProManager', actorName: 'Mia Manager', comment: '', createdAt: '2026-03-01T10:00:00Z' },
    { id: 302, proposalId: 41, action: 'approval', actor: 'merchantProFinance', actorName: 'Finn Finance', comment: 'Checked the invoice', createdAt: '2026-03-01T11:00:00Z' },
  ],
} satisfies ProposalDetail;

/** The withdrawal above once Emma executed it. */
export const executedWithdrawal = {
  ...withdrawal,
  status: 'executed',
  txHash: `0x${'ab'.repeat(32)}`,
  executedAt: '2026-03-01T12:30:00Z',
  executedBy: 'merchantProEmployee',
  executedByName: 'Emma Employee',
  myActions: [],
  log: [
    ...withdrawal.log,
    { id: 303, proposalId: 41, action: 'confirm', actor: 'merchantProEmployee', actorName: 'Emma Employee', comment: 'Sent', createdAt: '2026-03-01T12:30:00Z' },
  ],
} satisfies ProposalDetail;

/** A signer change dropping one of three signers (2 of 3 → 2 of 2), waiting for a second approval. */
export const signerChange = {
  ...withdrawal,
  id: 42,
  proposalId: 42,
  kind: 'governance',
  to: '',
  amount: '0',
  symbol: '',
  fee: '0',
  memo: '',
  nonce: 18,
  status: 'pending',
  approvalCount: 1,
  newThreshold: 2,
  newSigners: [11, 12],
  approvals: [withdrawal.approvals[0]],
  approvedAt: null,
  log: [{ ...withdrawal.log[0], proposalId: 42 }],
  signers: [signer(11, 'merchantProManager', 'Mia Manager', 'approved'), signer(12, 'merchantProFinance', 'Finn Finance', 'waiting'), signer(13, 'merchantProEmployee', 'Emma Employee', 'waiting')],
  newSignerList: [
    { userId: 11, account: 'merchantProManager', userName: 'Mia Manager' },
    { userId: 12, account: 'merchantProFinance', userName: 'Finn Finance' },
  ],
  myActions: ['approval', 'deny'],
} satisfies ProposalDetail;

/** A transfer closed because the signer change above executed while it was open. */
export const supersededTransfer = {
  ...withdrawal,
  id: 43,
  proposalId: 43,
  kind: 'transfer',
  fee: '0',
  nonce: 19,
  status: 'superseded',
  supersededBy: 42,
  supersededByNonce: 18,
  myActions: [],
} satisfies ProposalDetail;
