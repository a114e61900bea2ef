import type { AuditEventRecord } from '../../../src/contract/schemas/auditLog';

/** An audit event as /audit-log's list answers it: the super admin changed a currency's withdrawal fee; `overrides` change the rest. */
export const auditEvent = (overrides: Partial<AuditEventRecord> = {}): AuditEventRecord => ({
  id: 41,
  createdAt: '2026-11-20T10:00:00.000Z',
  actorId: 1,
  actorAccount: 'superAdmin',
  actorName: 'Sam Super',
  orgId: 1,
  orgName: 'Platform Operator',
  action: 'update',
  entity: 'currency',
  entityId: '2',
  before: { withdrawFee: '2' },
  after: { withdrawFee: '3' },
  clientAddress: '10.0.0.8',
  userAgent: 'Browser/1',
  requestId: 'req-9',
  route: 'POST /sys/currency/update',
  proposalId: null,
  proposal: null,
  proposalStep: null,
  ...overrides,
});
