import { z } from 'zod';
import { listQuery, recordId, instant } from './listQuery';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntity, type ProposalStep } from '../audit';

export type { AuditAction, AuditEntity } from '../audit';

/**
 * GET /sys/audit-log/list: events in the caller's reach (operator row: all; a manager: their
 * org; an agent manager: also their merchants), newest first by default. Dates as the
 * reports take them: two instants, `dateTo` exclusive.
 */
export const auditLogListQueryFor = (declared: readonly string[]) =>
  listQuery(['id', 'createdAt'] as const, {
    actorId: recordId.optional(),
    /** The start of an actor's account name, case aside. */
    actor: z.string().trim().max(100).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    /** One of AUDIT_ENTITIES, or a declared resource's name (its table is audited under it). */
    entity: z.enum([...AUDIT_ENTITIES, ...declared] as [string, ...string[]]).optional(),
    entityId: z.string().trim().max(100).optional(),
    orgId: recordId.optional(),
    dateFrom: instant.optional(),
    dateTo: instant.optional(),
  });

/** The query with the built-in entities; the server adds the declared resources' names (server/modules/auditLog/routes.ts). */
export const auditLogListQuery = auditLogListQueryFor([]);
export type AuditLogListQuery = z.infer<typeof auditLogListQuery>;

/** Field values as JSON (amounts stay decimal strings); secrets and password hashes never appear. */
export type AuditValues = Record<string, unknown>;

export interface AuditEventRecord {
  id: number;
  createdAt: string;
  /** Null: the system itself (the demo seed, an expiry) or an anonymous caller (a failed sign-in). */
  actorId: number | null;
  actorAccount: string | null;
  actorName: string | null;
  orgId: number | null;
  orgName: string | null;
  action: AuditAction;
  /** One of AUDIT_ENTITIES, or a declared resource's name. */
  entity: AuditEntity | (string & {});
  /** The row's key as text (composite keys joined by ':'). */
  entityId: string | null;
  /** Before → after of the changed fields only: `before` null on create, `after` null on delete. */
  before: AuditValues | null;
  after: AuditValues | null;
  clientAddress: string | null;
  userAgent: string | null;
  requestId: string | null;
  /** The API call that made the change (`POST /sys/chain/update`), null for the system. */
  route: string | null;
  /** A proposal's event (its own or a vote's): the proposal, its public name ("Aurora cold · #4") and what the event did to it; null otherwise. */
  proposalId: number | null;
  proposal: string | null;
  proposalStep: ProposalStep | null;
}

/** GET /sys/audit/verify (operator row): the hash chain recomputed from its first link. */
export interface AuditVerifyResult {
  intact: boolean;
  checked: number;
  /**
   * The first event whose stored hash does not match its content and the previous hash (sealed),
   * or its content alone (unsealed: edited before sealing).
   */
  firstBroken: { id: number; createdAt: string } | null;
  /** Events committed and not sealed yet (sealing follows each write within moments). */
  unsealed: number;
  /** The oldest event unsealed longer than the bound (60 s), and how many are: the sequencer is not running. */
  staleUnsealed: { id: number; createdAt: string; count: number } | null;
  /** The chain's last sealed position and hash: what the instances log as `audit chain head`. */
  head: { seq: number; hash: string } | null;
  asOf: string;
}
