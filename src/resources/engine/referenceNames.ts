import type { DataProvider } from 'react-admin';
import { fetchAll } from './fetchAll';
import { labelOf, lookupResource, REFERENCE_TARGETS } from './lookups';
import type { ReferenceNames } from './exportColumns';
import type { ResourceDefinition, ServerRecord } from './types';

type Target = keyof typeof REFERENCE_TARGETS;

/**
 * The names of the records a resource's export refers to by id (docs/DECISIONS.md "Exports name
 * what they refer to"): every network, currency… the caller may read, fetched once per export. A
 * list that depends on another field (an org's members) is not fetched whole; its records keep
 * the name they carry (`orgName`) or their id, as does a lookup the server refuses: the file is
 * still written.
 */
export async function referenceNames(dataProvider: DataProvider, definition: ResourceDefinition): Promise<ReferenceNames> {
  const targets = new Set<Target>();
  for (const field of definition.fields) {
    if (field.kind !== 'reference' || typeof field.reference !== 'string' || !((field.inList ?? true) || (field.inShow ?? true))) continue;
    const source = REFERENCE_TARGETS[field.reference as Target];
    // A source that needs another field's value cannot be listed whole; the currency list can (every chain's).
    if (!source.path || Object.keys(source.dependsOn ?? {}).some((param) => param !== 'chainId')) continue;
    targets.add(field.reference as Target);
  }
  const names: Record<string, ReadonlyMap<string, string>> = {};
  await Promise.all(
    [...targets].map(async (target) => {
      const source = REFERENCE_TARGETS[target];
      try {
        const records = await fetchAll(dataProvider, lookupResource(source.path ?? '', source.value), {
          filter: { ...source.query },
          sort: { field: '', order: 'ASC' },
        });
        names[target] = new Map(records.map((record) => [String(record[source.value]), labelOf(source, record as ServerRecord)]));
      } catch {
        // Names are what a person reads beside the ids, which the file has anyway.
      }
    }),
  );
  return names;
}
