import { ApiPath } from '../../contract/apiPaths';
import type { ResourceEndpoint } from '../../dataProvider';
import type { ChoiceSource, FieldDeclaration, ReferenceTarget, ServerRecord } from './types';

const isObject = (value: unknown): value is ServerRecord => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The objects a record holds under a field (`signers: [{userId, account, userName}]`). */
export const objectsAt = (record: ServerRecord, source: string): ServerRecord[] => {
  const value = record[source];
  return Array.isArray(value) ? value.filter(isObject) : [];
};

/**
 * Reference targets every declaration may name. Orgs and members come from the API (the
 * caller's tenancy scope; members of the org the form names); `fromRecord` names the
 * record's own org and signers before the lists arrive.
 */
export const REFERENCE_TARGETS: Record<Exclude<ReferenceTarget, ChoiceSource>, ChoiceSource> = {
  chain: { path: ApiPath.chain.list, value: 'chainId', numericIds: true, label: 'name', query: { sort: 'chainId', order: 'asc' } },
  currency: {
    path: ApiPath.currency.list,
    value: 'id',
    numericIds: true,
    label: 'symbol',
    dependsOn: { chainId: 'chainId' },
    query: { sort: 'symbol', order: 'asc' },
  },
  org: {
    path: ApiPath.org.list,
    query: { sort: 'orgName', order: 'asc' },
    // API records name their org (`orgId` + `orgName`).
    fromRecord: (record) => (record.orgId != null && record.orgName != null ? [{ orgId: record.orgId, orgName: record.orgName }] : []),
    value: 'orgId',
    numericIds: true,
    label: 'orgName',
  },
  member: {
    path: ApiPath.member.list,
    dependsOn: { orgId: 'orgId' },
    query: { sort: 'account', order: 'asc' },
    value: 'userId',
    numericIds: true,
    label: (member) => (member.userName ? `${String(member.userName)} (${String(member.account)})` : String(member.userId)),
    fromRecord: (record) => objectsAt(record, 'signers'),
  },
};

export const referenceSource = (target: ReferenceTarget): ChoiceSource => (typeof target === 'string' ? REFERENCE_TARGETS[target] : target);

/** The choice source of a field, if its choices are not a fixed list. */
export function choiceSourceOf(field: FieldDeclaration): ChoiceSource | undefined {
  if (field.kind === 'reference' || field.kind === 'referenceList') return referenceSource(field.reference);
  if (field.kind === 'enum' && !Array.isArray(field.choices)) return field.choices as ChoiceSource;
  if (field.kind === 'address' && field.suggest) return { ...field.suggest, freeText: true };
  return undefined;
}

/** A listed record's label; without `translate` (an export's names), keys a label function words read as themselves. */
export const labelOf = (source: ChoiceSource, record: ServerRecord, translate: (key: string) => string = (key) => key): string =>
  typeof source.label === 'function' ? source.label(record, translate) : String(record[source.label] ?? record[source.value] ?? '');

/**
 * react-admin resource name under which a lookup endpoint is fetched (hidden: no route, no
 * menu). One per endpoint and value field: the same list may give ids to one field and
 * addresses to another, and each needs its own record id.
 */
export const lookupResource = (path: string, value: string) => `@lookup${path}#${value}`;

/** dataProvider entries of every lookup endpoint, keyed by `lookupResource(path)`. */
export function lookupEndpoints(sources: Iterable<ChoiceSource>): Record<string, ResourceEndpoint> {
  const entries: Record<string, ResourceEndpoint> = {};
  for (const source of sources) {
    if (!source.path) continue;
    const path = source.path;
    // Lookups only list; every other action points at the list so a stray call fails loudly on the server.
    entries[lookupResource(path, source.value)] = {
      paths: { list: path, detail: path, save: path, update: path, delete: path },
      idField: source.value,
    };
  }
  return entries;
}
