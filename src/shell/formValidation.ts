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

/**
 * A form that sets a password: the shared schema's messages plus the "repeat it" check the
 * server never sees (sign-up, password change).
 */
export function passwordFormErrors<F extends string>(
  schema: z.ZodType,
  values: Record<F, string>,
  fields: { password: F; confirm: F; mismatchKey: string },
): Partial<Record<F, string>> {
  const found = schemaValidator(schema)(values) as Partial<Record<F, string>>;
  if (values[fields.confirm] !== values[fields.password]) found[fields.confirm] = validationMessage(fields.mismatchKey);
  return found;
}
