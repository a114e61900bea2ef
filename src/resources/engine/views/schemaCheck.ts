import type { z } from 'zod';
import { validate } from '../../../contract/validation';

/**
 * A custom form's `validate` by a contract schema: one translated message per top-level field
 * (`scopes.1` is told on `scopes`), as the API's own 400 names them.
 */
export const schemaCheck =
  (schema: z.ZodType | undefined, translate: (key: string, options?: Record<string, unknown>) => string) =>
  (values: Record<string, unknown>): Record<string, string> => {
    if (!schema) return {};
    const verdict = validate(schema, values);
    if (verdict.ok) return {};
    const errors: Record<string, string> = {};
    for (const [field, message] of Object.entries(verdict.errors))
      errors[field.split('.')[0]!] ??= translate(message.key, { _: message.key, ...message.params });
    return errors;
  };
