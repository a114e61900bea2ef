import type { z } from 'zod';
import { fieldsFor, isReadOnlyIn, type FormMode } from './fields';
import type { ResourceDefinition, ResourceSchemas } from './types';

/** The keys of an object schema (through pipes, defaults and refinements), or null when it is no object. */
function keysOf(schema: z.ZodType | undefined): Set<string> | null {
  let node = schema as unknown as
    { shape?: Record<string, unknown>; def?: { in?: unknown; innerType?: unknown; schema?: unknown } } | undefined;
  for (let depth = 0; node && depth < 8; depth++) {
    if (node.shape) return new Set(Object.keys(node.shape));
    node = (node.def?.in ?? node.def?.innerType ?? node.def?.schema) as typeof node;
  }
  return null;
}

/**
 * A form field its schema does not know: the form would send it and the server drop it (or the
 * other way round, a value nobody can enter). Sentences that name the fix, for the test over
 * every declaration (tests/unit/resources/declarations.test.ts).
 */
export function schemaMismatches(resource: Pick<ResourceDefinition, 'name' | 'fields' | 'scope'>, schemas: ResourceSchemas): string[] {
  const problems: string[] = [];
  for (const [mode, schema] of [
    ['create', schemas.create],
    ['edit', schemas.update],
  ] as Array<[FormMode, z.ZodType | undefined]>) {
    const keys = keysOf(schema);
    if (!keys) continue;
    for (const field of fieldsFor(resource, mode)) {
      if (isReadOnlyIn(field, mode) || keys.has(field.source) || Object.hasOwn(resource.scope, field.source)) continue;
      problems.push(
        `resource '${resource.name}': the ${mode} form has field '${field.source}', which its ${mode === 'create' ? 'create' : 'update'} schema does not know; add it to the schema, or declare the field with inForm: ${mode === 'create' ? "'edit'" : "'create'"} or false`,
      );
    }
  }
  return problems;
}
