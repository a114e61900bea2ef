import type { Db } from '../../db/database';
import { currentAuditContext } from '../../http/auditContext';
import type { AuditAction, AuditEntity } from '../../../src/contract/schemas/auditLog';

/**
 * An audit event no row change carries (a failed sign-in), written with the request's context.
 * Row changes are recorded by the database itself (migration 015); this is for the rest.
 */
export async function recordAuditEvent(
  db: Db,
  event: { action: AuditAction; entity: AuditEntity; entityId?: string | null; after?: Record<string, string> | null },
): Promise<void> {
  const context = currentAuditContext();
  if (!context) throw new Error('recordAuditEvent outside a write request');
  await db
    .insertInto('auditEvent')
    .values({
      actorId: context.actorId,
      actorAccount: context.actorAccount,
      orgId: context.orgId,
      action: event.action,
      entity: event.entity,
      entityId: event.entityId ?? null,
      before: null,
      after: event.after ? JSON.stringify(event.after) : null,
      clientAddress: context.clientAddress,
      userAgent: context.userAgent,
      requestId: context.requestId,
      route: context.route,
    })
    .execute();
}
