import type { z } from 'zod';
import { validate } from '../contract/validation';
import { t } from '../i18n/i18nProvider';

/** Field messages of the shared schemas, in the words the server uses for the same rule (api namespace). */
export const validationMessage = (key: string, params: Record<string, unknown> = {}): string => t(key, params);

/**
 * A react-admin form `validate` from a shared zod schema: the console refuses what the
 * server would refuse, with the same message, before the request leaves.
 */
export function schemaValidator(schema: z.ZodType) {
  return (values: Record<string, unknown>): Record<string, string> => {
    const result = validate(schema, values);
    if (result.ok) return {};
    return Object.fromEntries(Object.entries(result.errors).map(([field, m]) => [field || 'root', validationMessage(m.key, m.params)]));
  };
}
