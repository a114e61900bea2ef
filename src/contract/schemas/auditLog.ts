import { z } from 'zod';
import { listQuery, recordId, instant } from './listQuery';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, PROPOSAL_STEPS, type AuditEntity } from '../audit';
import { isoInstant, listResult } from './response';

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

const auditValues = z.record(z.string(), z.unknown());

export const auditEventRecord = z.object({
  id: z.number(),
  createdAt: isoInstant,
  /** Null: the system itself (the demo seed, an expiry) or an anonymous caller (a failed sign-in). */
  actorId: z.number().nullable(),
  actorAccount: z.string().nullable(),
  actorName: z.string().nullable(),
  orgId: z.number().nullable(),
  orgName: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  /** One of AUDIT_ENTITIES, or a declared resource's name. */
  entity: z.custom<AuditEntity | (string & {})>((value) => typeof value === 'string'),
  /** The row's key as text (composite keys joined by ':'). */
  entityId: z.string().nullable(),
  /** Before → after of the changed fields only: `before` null on create, `after` null on delete. */
  before: auditValues.nullable(),
  after: auditValues.nullable(),
  clientAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  /** The API call that made the change (`POST /sys/chain/update`), null for the system. */
  route: z.string().nullable(),
  /** A proposal's event (its own or a vote's): the proposal, its public name ("Aurora cold · #4") and what the event did to it; null otherwise. */
  proposalId: z.number().nullable(),
  proposal: z.string().nullable(),
  proposalStep: z.enum(PROPOSAL_STEPS).nullable(),
});
export type AuditEventRecord = z.output<typeof auditEventRecord>;
export const auditEventList = listResult(auditEventRecord);

/** GET /sys/audit/verify (operator row): the hash chain recomputed from its first link. */
export const auditVerifyResult = z.object({
  intact: z.boolean(),
  checked: z.number(),
  /**
   * The first event whose stored hash does not match its content and the previous hash (sealed),
   * or its content alone (unsealed: edited before sealing).
   */
  firstBroken: z.object({ id: z.number(), createdAt: isoInstant }).nullable(),
  /** Events committed and not sealed yet (sealing follows each write within moments). */
  unsealed: z.number(),
  /** The oldest event unsealed longer than the bound (60 s), and how many are: the sequencer is not running. */
  staleUnsealed: z.object({ id: z.number(), createdAt: isoInstant, count: z.number() }).nullable(),
  /** The chain's last sealed position and hash: what the instances log as `audit chain head`. */
  head: z.object({ seq: z.number(), hash: z.string() }).nullable(),
  asOf: isoInstant,
});
export type AuditVerifyResult = z.output<typeof auditVerifyResult>;
