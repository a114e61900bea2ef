import type { AuditEventRecord, AuditValues } from '../../contract/schemas/auditLog';
import { AUDIT_ENTITIES } from '../../contract/audit';

/** One changed field of an audit event: its value before and after (null when the record had none). */
export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** A value as text: strings as they are, anything else as JSON (objects pretty-printed). */
export const valueText = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  return typeof value === 'object' ? JSON.stringify(value, null, 2) : String(value);
};

/** The fields an event touched, in the order they appear, before → after (a created record: before empty; deleted: after empty). */
export function fieldChanges(before: AuditValues | null, after: AuditValues | null): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => ({ field, before: valueText(before?.[field]), after: valueText(after?.[field]) }));
}

/** An event's action as people read it: a proposal's step ("Approved") where it has one, else the row's action ("Changed"); as the export words it (`auditActionKey`). */
export const auditActionText = (record: Pick<AuditEventRecord, 'action' | 'proposalStep'>, translate: (key: string) => string): string =>
  record.proposalStep ? translate(`auditLog.proposalStep.${record.proposalStep}`) : translate(`auditLog.action.${record.action}`);

/**
 * The translation key naming an event's record kind, in the singular: one event is about one
 * record ("Created · Settlement account"). A declared resource's table is audited under the
 * resource's name and named by its own singular (`name_one`, src/resources/engine/declaredTexts.ts).
 */
export const auditEntityKey = (entity: string): string =>
  (AUDIT_ENTITIES as readonly string[]).includes(entity) ? `auditLog.entity.${entity}` : `resources.${entity}.name_one`;
