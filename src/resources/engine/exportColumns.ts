import type { TranslateFunction } from 'react-admin';
import type { CsvColumn } from './csv';
import { labelOf, referenceSource } from './lookups';
import type { Choice, FieldDeclaration, ResourceDefinition, ServerRecord } from './types';

const isObject = (value: unknown): value is ServerRecord => typeof value === 'object' && value !== null;

/** A cell as the screen words it: translated enum labels, Yes/No, list items one after another. */
function cellOf(field: FieldDeclaration, record: ServerRecord, translate: TranslateFunction): unknown {
  const value = record[field.source];
  switch (field.kind) {
    case 'enum': {
      if (!Array.isArray(field.choices)) return value;
      const choice = (field.choices as ReadonlyArray<string | Choice>).find((c) => (typeof c === 'string' ? c : c.id) === value);
      const name = choice === undefined ? value : typeof choice === 'string' ? choice : choice.name;
      return name === undefined || name === null ? '' : translate(String(name), { _: String(name) });
    }
    case 'boolean':
      return value === undefined || value === null ? '' : translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
    case 'list':
      return Array.isArray(value) ? value.filter(isObject).map((item) => field.itemText(item)).join('; ') : '';
    case 'number':
      // A linked record is named as the link names it (a proposal's reference), not by its internal id.
      return field.linkLabel && value !== undefined && value !== null ? (field.linkLabel(record) ?? value) : value;
    case 'referenceList': {
      const source = referenceSource(field.reference);
      return Array.isArray(value) ? value.map((item) => (isObject(item) ? labelOf(source, item) : String(item))).join('; ') : '';
    }
    default:
      // References travel as ids (a chain id, an org id): what the API filters by; an object (an audit
      // event's before and after) as its JSON.
      return isObject(value) ? JSON.stringify(value) : value;
  }
}

/** The columns of a resource's export: every field its list or show view displays, headed by its translated label. */
export function exportColumns(definition: ResourceDefinition, translate: TranslateFunction): CsvColumn<ServerRecord>[] {
  return definition.fields
    .filter((f) => (f.inList ?? true) || (f.inShow ?? true))
    .map((field) => ({ header: translate(definition.fieldKey(field.source), { _: field.source }), value: (record) => cellOf(field, record, translate) }));
}
