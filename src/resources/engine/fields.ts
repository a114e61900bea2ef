import { choiceSourceOf } from './lookups';
import type { FieldDeclaration, ResourceDefinition } from './types';

export type FormMode = 'create' | 'edit';
export type FieldPlace = 'list' | 'show' | 'filter' | FormMode;

/** Fields typed as text on the wire: a cleared input is '' (the schema says whether that is allowed). */
const TEXT_KINDS = new Set<FieldDeclaration['kind']>(['text', 'amount', 'address']);

/** Is the field an input of this form (editable or, for 'create' fields when editing, shown read-only)? */
export function inForm(field: FieldDeclaration, mode: FormMode): boolean {
  if (field.kind === 'list') return false;
  const where = field.inForm ?? true;
  if (where === true) return true;
  if (where === false) return false;
  return mode === 'edit' || where === mode;
}

/** A 'create' field in the edit form: shown, never sent (the server fixes it at creation). */
export const isReadOnlyIn = (field: FieldDeclaration, mode: FormMode) => mode === 'edit' && field.inForm === 'create';

export function fieldsFor(resource: Pick<ResourceDefinition, 'fields'>, place: FieldPlace): FieldDeclaration[] {
  switch (place) {
    case 'list':
      return resource.fields.filter((f) => f.inList ?? true);
    case 'show':
      return resource.fields.filter((f) => f.inShow ?? true);
    case 'filter':
      return resource.fields.filter((f) => f.filterable && f.kind !== 'list' && f.kind !== 'referenceList');
    default:
      return resource.fields.filter((f) => inForm(f, place));
  }
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** "137" → 137 for a reference to numeric ids (a value that came through a URL or was typed); anything else as it is. */
const asReferenceId = (value: unknown, numeric: boolean): unknown =>
  numeric && typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : value;

/** A reference (or list of them) with the type its target's ids have. */
function referenceValue(field: FieldDeclaration, value: unknown): unknown {
  const source = choiceSourceOf(field);
  const numeric = source?.numericIds ?? false;
  if (field.kind === 'referenceList') return idsOf(value, source?.value ?? 'id').map((id) => asReferenceId(id, numeric));
  return asReferenceId(value, numeric);
}

/** A list-of-objects value (`signers: [{userId…}]`) as the ids a form edits and the API takes. */
export function idsOf(value: unknown, idField: string): unknown[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => (typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[idField] : item));
}

/**
 * What a form sends: only the fields it edits (read-only and display-only fields
 * stay home, so an update body carries what may change), blank non-text values left
 * out (the schema's default or "required" applies), cleared text as ''.
 */
export function toPayload(
  resource: Pick<ResourceDefinition, 'fields' | 'idField'> & Partial<Pick<ResourceDefinition, 'scope'>>,
  values: Record<string, unknown>,
  mode: FormMode,
): Record<string, unknown> {
  const payload: Record<string, unknown> = mode === 'create' ? { ...resource.scope } : {};
  if (mode === 'edit') {
    const id = values[resource.idField] ?? values.id;
    if (!isBlank(id)) payload[resource.idField] = id;
  }
  for (const field of fieldsFor(resource, mode)) {
    if (isReadOnlyIn(field, mode)) continue;
    let value = values[field.source];
    if (field.kind === 'reference' || field.kind === 'referenceList') value = referenceValue(field, value);
    if (TEXT_KINDS.has(field.kind)) {
      if (value === null) value = '';
      if (value === undefined) continue;
    } else if (isBlank(value)) continue;
    payload[field.source] = value;
  }
  return payload;
}
