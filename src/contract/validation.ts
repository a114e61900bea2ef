import type { z } from 'zod';

/**
 * Turns a schema's verdict into per-field messages that both sides can translate:
 * the server with its message catalogue, the console with i18next. A message is a
 * translation key under `validation.` plus interpolation params.
 */
export interface FieldMessage {
  key: string;
  params?: Record<string, string | number>;
}
export type FieldMessages = Record<string, FieldMessage>;

export type ValidationResult<T> = { ok: true; data: T } | { ok: false; errors: FieldMessages };

const valueAt = (input: unknown, path: PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (value, key) => (value != null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined),
    input,
  );

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

function messageOf(issue: z.core.$ZodIssue, input: unknown): FieldMessage {
  if (issue.message.startsWith('validation.')) {
    const params = (issue as { params?: Record<string, string | number> }).params;
    return params ? { key: issue.message, params } : { key: issue.message };
  }
  switch (issue.code) {
    case 'invalid_type':
      return isBlank(valueAt(input, issue.path))
        ? { key: 'validation.required' }
        : { key: 'validation.type', params: { expected: issue.expected } };
    case 'too_small':
      return issue.origin === 'string'
        ? { key: 'validation.minLength', params: { min: Number(issue.minimum) } }
        : { key: 'validation.min', params: { min: Number(issue.minimum) } };
    case 'too_big':
      return issue.origin === 'string'
        ? { key: 'validation.maxLength', params: { max: Number(issue.maximum) } }
        : { key: 'validation.max', params: { max: Number(issue.maximum) } };
    case 'invalid_value':
      return { key: 'validation.oneOf', params: { values: issue.values.map(String).join(', ') } };
    case 'invalid_format':
      return { key: 'validation.format', params: { format: issue.format } };
    case 'unrecognized_keys':
      return { key: 'validation.unknownField', params: { fields: issue.keys.join(', ') } };
    default:
      return { key: 'validation.invalid' };
  }
}

/**
 * The path of the first text in `input` (a value or a key) holding a NUL character: PostgreSQL
 * cannot store one in text, so it is refused here, by every schema at once, rather than
 * failing deep in a query (docs/DECISIONS.md "Bad input").
 */
function nulCharacterAt(input: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof input === 'string') return input.includes('\u0000') ? path : undefined;
  if (input === null || typeof input !== 'object' || depth > 32) return undefined;
  for (const [key, value] of Object.entries(input)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')];
    const found = nulCharacterAt(value, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Validates `input`; the first problem of each field wins, keyed by its dotted path ('' = the whole body). */
export function validate<S extends z.ZodType>(schema: S, input: unknown): ValidationResult<z.output<S>> {
  const nul = nulCharacterAt(input);
  if (nul) return { ok: false, errors: { [nul.join('.')]: { key: 'validation.nulCharacter' } } };
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldMessages = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    errors[field] ??= messageOf(issue, input);
  }
  return { ok: false, errors };
}
