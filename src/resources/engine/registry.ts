import type { ResourceRegistry } from '../../dataProvider';
import { DeclarationError } from './declarationError';
import { choiceSourceOf, lookupEndpoints, REFERENCE_TARGETS } from './lookups';
import type { ChoiceSource, MenuEntry, ResourceDefinition } from './types';

/**
 * The dataProvider registry of a list of declared resources: each resource under its
 * react-admin name (its route) and under its API name when that differs, plus every
 * lookup endpoint their fields read choices from.
 */
export function registryOf(resources: readonly ResourceDefinition[]): ResourceRegistry {
  const registry: ResourceRegistry = {};
  const sources: ChoiceSource[] = Object.values(REFERENCE_TARGETS);
  for (const resource of resources) {
    for (const name of new Set([resource.resourceName, resource.name])) {
      if (Object.hasOwn(registry, name))
        throw new DeclarationError(`two resources are declared as '${name}' (src/resources/index.ts): each API name and route once`);
      registry[name] = resource.endpoint;
    }
    for (const field of resource.fields) {
      const source = choiceSourceOf(field);
      if (source) sources.push(source);
    }
  }
  return { ...lookupEndpoints(sources), ...registry };
}

/** Menu entries of the declared resources, keyed by route path (icon and group come from the declaration). */
export const menuEntries = (resources: readonly ResourceDefinition[]): Record<string, MenuEntry> =>
  Object.fromEntries(resources.map((r) => [r.path, r.menu]));
