import { z } from 'zod';
import { detailQuery, instant, listQuery, queryBoolean, recordId } from '../../contract/schemas/listQuery';
import { isHttpUrl } from '../../contract/schemas/chain';
import { isoInstant } from '../../contract/schemas/response';
import { apiFieldsOf, choiceValues, type ApiField } from './apiFields';
import { isGenericApi, type FieldDeclaration, type ResourceDeclaration } from './types';

/** Something that looks like a mailbox: one @, a dot in the domain, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A phone number as people write it: an optional +, digits, spaces, dots, dashes and brackets, 6 to 20 digits. */
const PHONE = /^\+?[\d\s().-]+$/;
const digitCount = (v: string) => v.replace(/\D/g, '').length;

function textSchema(field: FieldDeclaration & { kind: 'text' }): z.ZodType<string> {
  const max = field.maxLength ?? (field.multiline ? 2000 : 200);
  let text = z.string({ error: 'validation.required' }).trim().max(max);
  if (field.required) text = text.min(1, { error: 'validation.required' });
  if (field.format === 'email') return text.refine((v) => v === '' || (EMAIL.test(v) && v.length <= 254), { error: 'validation.email' });
  if (field.format === 'url') return text.refine((v) => v === '' || isHttpUrl(v), { error: 'validation.url' });
  if (field.format === 'phone')
    return text.refine((v) => v === '' || (PHONE.test(v) && digitCount(v) >= 6 && digitCount(v) <= 20), { error: 'validation.phone' });
  return text;
}

/** A field's value in a body, as the generic service stores it; a blank optional value is stored empty. */
function valueSchema(field: FieldDeclaration): z.ZodType {
  switch (field.kind) {
    case 'text':
      return textSchema(field);
    case 'number':
      return z.number({ error: 'validation.type' }).int({ error: 'validation.integer' }).min(0).max(2_147_483_647);
    case 'boolean':
      return z.boolean({ error: 'validation.type' });
    case 'enum':
      return z.enum(choiceValues(field) as [string, ...string[]]);
    case 'dateTime':
      return instant;
    default:
      throw new Error(`field '${field.source}' is not served (apiFieldsOf checks this first)`);
  }
}

/** On create: a missing optional value takes the declared default, else empty (text) or null. */
function createSchema(served: ApiField): z.ZodType {
  const { field } = served;
  const value = valueSchema(field);
  if (field.required) return value;
  if (field.default !== undefined) return value.default(field.default as never);
  if (field.kind === 'text') return value.default('');
  if (field.kind === 'boolean') return value.default(false);
  return value.nullable().default(null);
}

/** On update every field may be left out (kept as it is); a present optional one may be blanked. */
function updateSchema(served: ApiField): z.ZodType {
  const { field } = served;
  const value = valueSchema(field);
  return (field.required || field.kind === 'text' || field.kind === 'boolean' ? value : value.nullable()).optional();
}

/** A list filter of a filterable field, as query text: text matches a part, the rest match exactly. */
function filterSchema(field: FieldDeclaration): z.ZodType {
  switch (field.kind) {
    case 'boolean':
      return queryBoolean.optional();
    case 'number':
      return z.coerce.number().int().min(0).optional();
    case 'enum':
      return z.enum(choiceValues(field) as [string, ...string[]]).optional();
    default:
      return z.string().trim().max(200).optional();
  }
}

/** A stored value as the API answers it (types only: a value stored under an older rule still goes out). */
function answerSchema(field: FieldDeclaration): z.ZodType {
  switch (field.kind) {
    case 'number':
      return z.number().nullable();
    case 'boolean':
      return z.boolean();
    case 'dateTime':
      return isoInstant.nullable();
    default:
      return z.string();
  }
}

/**
 * The zod schemas a declaration served by the generic service makes of its fields, for the
 * server's routes and the console's forms alike: the create body, the update body (the id and
 * any editable field), the list query (its sortable fields, its filters and a text search `q`)
 * the detail query, and the record as answered. Unknown body fields are dropped, never stored.
 */
export function schemasOf(declaration: ResourceDeclaration) {
  const served = apiFieldsOf(declaration);
  const create = z.object(Object.fromEntries(served.filter((s) => s.onCreate).map((s) => [s.field.source, createSchema(s)])));
  const update = z.object({
    id: recordId,
    ...Object.fromEntries(served.filter((s) => s.onUpdate).map((s) => [s.field.source, updateSchema(s)])),
  });
  const sortable = ['id', ...declaration.fields.filter((f) => f.sortable && f.source !== 'id').map((f) => f.source)] as [
    string,
    ...string[],
  ];
  const filters = Object.fromEntries(served.filter((s) => s.field.filterable).map((s) => [s.field.source, filterSchema(s.field)]));
  const list = listQuery(sortable, { ...filters, q: z.string().trim().max(200).optional() });
  // One record as answered: the declared columns and the server's own, nothing else.
  const record = z.object({
    id: z.number(),
    ...(isGenericApi(declaration.api) && declaration.api.tenancy === 'org' ? { orgId: z.number() } : {}),
    ...Object.fromEntries(served.map((s) => [s.field.source, answerSchema(s.field)])),
    createdAt: isoInstant,
    updatedAt: isoInstant,
  });
  return { create, update, list, detail: detailQuery, record };
}

export type DeclaredSchemas = ReturnType<typeof schemasOf>;
