import type { z } from 'zod';
import { validate } from '../contract/validation';
import apiEn from '../../public/locales/en-US/api.json';

type Catalogue = Record<string, unknown>;

const lookup = (catalogue: Catalogue, key: string) => {
  const value = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Catalogue)[part] : undefined), catalogue);
  return typeof value === 'string' ? value : undefined;
};

/** Field messages of the shared schemas, in the words the server uses for the same rule. */
export function validationMessage(key: string, params: Record<string, unknown> = {}, catalogue: Catalogue = apiEn): string {
  const text = lookup(catalogue, key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

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
