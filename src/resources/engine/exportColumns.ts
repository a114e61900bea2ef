import type { TranslateFunction } from 'react-admin';
import type { CsvColumn } from './csv';
import { labelOf, referenceSource } from './lookups';
import { referenceIdHeader } from '../../contract/exports';
import type { Choice, FieldDeclaration, ReferenceTarget, ResourceDefinition, ServerRecord } from './types';

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
      return Array.isArray(value)
        ? value
            .filter(isObject)
            .map((item) => field.itemText(item))
            .join('; ')
        : '';
    case 'number':
      // A linked record is named as the link names it (a proposal's reference), not by its internal id.
      return field.linkLabel && value !== undefined && value !== null ? (field.linkLabel(record) ?? value) : value;
    case 'referenceList': {
      const source = referenceSource(field.reference);
      return Array.isArray(value) ? value.map((item) => (isObject(item) ? labelOf(source, item) : String(item))).join('; ') : '';
    }
    default:
      // An object (an audit event's before and after) as its JSON; references are named by exportColumns.
      return isObject(value) ? JSON.stringify(value) : value;
  }
}

/** Per reference target ("chain", "currency"…), the name of each record by its id as a string (referenceNames.ts). */
export type ReferenceNames = Partial<Record<string, ReadonlyMap<string, string>>>;

/** A referenced record's name: from the names loaded for the export, or the record's own (`orgName`), else its id. */
function nameOf(field: FieldDeclaration & { reference: ReferenceTarget }, record: ServerRecord, names: ReferenceNames): unknown {
  const id = record[field.source];
  if (id === undefined || id === null) return '';
  const named = typeof field.reference === 'string' ? names[field.reference]?.get(String(id)) : undefined;
  if (named !== undefined) return named;
  const source = referenceSource(field.reference);
  const own = source.fromRecord?.(record).find((item) => String(item[source.value]) === String(id));
  return own ? labelOf(source, own) : id;
}

/**
 * The columns of a resource's export: every field its list or show view displays, headed by its
 * translated label. A reference is written as the referenced record's name under the field's label
 * ("Chain": Ethereum), then its id in a column named as such ("Chain ID": 1): an id alone says
 * nothing to a person (docs/DECISIONS.md "Exports name what they refer to").
 */
export function exportColumns(
  definition: ResourceDefinition,
  translate: TranslateFunction,
  names: ReferenceNames = {},
): CsvColumn<ServerRecord>[] {
  return definition.fields
    .filter((f) => (f.inList ?? true) || (f.inShow ?? true))
    .flatMap((field): CsvColumn<ServerRecord>[] => {
      const header = translate(definition.fieldKey(field.source), { _: field.source });
      if (field.kind === 'reference' && typeof field.reference === 'string') {
        return [
          { header, value: (record) => nameOf(field, record, names) },
          { header: translate(referenceIdHeader(field.reference), { _: `${header} ID` }), value: (record) => record[field.source] ?? '' },
        ];
      }
      return [{ header, value: (record) => cellOf(field, record, translate) }];
    });
}
