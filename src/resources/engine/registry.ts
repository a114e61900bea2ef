import type { ResourceRegistry } from '../../dataProvider';
import { choiceSourceOf, lookupEndpoints, REFERENCE_TARGETS } from './lookups';
import type { ChoiceSource, MenuEntry, ResourceDefinition } from './types';

/**
 * The dataProvider registry of a list of declared resources: each resource under its
 * react-admin name, plus every lookup endpoint their fields read choices from.
 */
export function registryOf(resources: readonly ResourceDefinition[]): ResourceRegistry {
  const registry: ResourceRegistry = {};
  const sources: ChoiceSource[] = Object.values(REFERENCE_TARGETS);
  for (const resource of resources) {
    if (Object.hasOwn(registry, resource.resourceName)) throw new Error(`two resources are declared on ${resource.path}`);
    registry[resource.resourceName] = resource.endpoint;
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
