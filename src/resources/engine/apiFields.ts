import { DeclarationError } from './declarationError';
import { isGenericApi, type FieldDeclaration, type ResourceDeclaration } from './types';

/** Columns every table of the generic service has; a declaration may show them, never write them. */
export const SERVED_COLUMNS = ['id', 'orgId', 'createdAt', 'updatedAt'] as const;

/** A field the generic service stores, and when a body may set it. */
export interface ApiField {
  field: FieldDeclaration;
  /** Set by `save` (create) and/or `update`. */
  onCreate: boolean;
  onUpdate: boolean;
}

const SERVED_KINDS = new Set<FieldDeclaration['kind']>(['text', 'number', 'boolean', 'enum', 'dateTime']);

/** snake_case of a field source: the column the generic service reads and writes. */
export const columnOf = (source: string): string => source.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const SQL_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * The fields of a declaration the generic service serves (declaration `api`), checked: each is
 * a kind it stores as a plain column, and its name is a safe SQL name. A mistake is a sentence
 * naming the fix, thrown where the declaration is read (tests, start-up).
 */
export function apiFieldsOf(declaration: ResourceDeclaration): ApiField[] {
  const { name, api, fields } = declaration;
  if (!isGenericApi(api)) return [];
  if (!SQL_NAME.test(api.table))
    throw new DeclarationError(
      `resource '${name}': table '${api.table}' is not a snake_case SQL name (letters, digits and _; its migration creates it)`,
    );
  const served: ApiField[] = [];
  for (const field of fields) {
    const fixed = (SERVED_COLUMNS as readonly string[]).includes(field.source);
    if (!SQL_NAME.test(columnOf(field.source)))
      throw new DeclarationError(`resource '${name}': field '${field.source}' is not a camelCase name the table can have as a column`);
    if (fixed) {
      if (field.inForm !== false)
        throw new DeclarationError(`resource '${name}': field '${field.source}' is set by the server; declare it with inForm: false`);
      continue;
    }
    if (!SERVED_KINDS.has(field.kind)) {
      throw new DeclarationError(
        `resource '${name}': field '${field.source}' is of kind '${field.kind}', which the generic service does not store; use text, number, boolean, enum or dateTime, or serve the resource from a module of its own (docs/architecture.md)`,
      );
    }
    if (field.kind === 'enum' && !Array.isArray(field.choices)) {
      throw new DeclarationError(
        `resource '${name}': enum field '${field.source}' takes its choices from an endpoint; the generic service needs a fixed list of choices`,
      );
    }
    const inForm = field.inForm ?? true;
    served.push({ field, onCreate: inForm === true || inForm === 'create', onUpdate: inForm === true || inForm === 'edit' });
  }
  const sortable = fields.filter(
    (f) => f.sortable && !served.some((s) => s.field === f) && !(SERVED_COLUMNS as readonly string[]).includes(f.source),
  );
  if (sortable.length > 0) throw new DeclarationError(`resource '${name}': field '${sortable[0].source}' is sortable but not stored`);
  if (declaration.access?.create && !served.some((s) => s.onCreate))
    throw new DeclarationError(`resource '${name}': it may be created but has no field a form sets`);
  return served;
}

/** The fixed choices of an enum field, as values. */
export const choiceValues = (field: FieldDeclaration & { kind: 'enum' }): string[] =>
  (field.choices as ReadonlyArray<string | { id: string | number }>).map((c) => (typeof c === 'string' ? c : String(c.id)));
