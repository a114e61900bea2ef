import { useCallback, useMemo, useRef } from 'react';
import { useDataProvider, useGetList, useRecordContext, useTranslate } from 'react-admin';
import { MAX_PAGE_SIZE } from '../../../contract/constants';
import { choiceSourceOf, labelOf, lookupResource } from '../lookups';
import type { Lookup } from '../formValidator';
import type { Choice, ChoiceSource, FieldDeclaration, ServerRecord } from '../types';

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** Query of a lookup: its fixed parameters plus those taken from other fields; null while one is blank. */
export function lookupQuery(source: ChoiceSource, values: Record<string, unknown> | undefined): Record<string, unknown> | null {
  const query: Record<string, unknown> = { ...source.query };
  for (const [param, field] of Object.entries(source.dependsOn ?? {})) {
    const value = values?.[field];
    if (isBlank(value)) return null;
    query[param] = value;
  }
  return query;
}

const getListParams = (query: Record<string, unknown>) => ({
  pagination: { page: 1, perPage: MAX_PAGE_SIZE },
  // The source's own `sort` query parameter orders it; react-admin's sort stays empty.
  sort: { field: '', order: 'ASC' as const },
  filter: query,
});

export interface FieldChoices {
  choices: Choice[];
  records: ServerRecord[];
  isPending: boolean;
}

const STATIC: FieldChoices = { choices: [], records: [], isPending: false };

/**
 * The choices of an enum or reference field: a fixed list, or a lookup endpoint read
 * through the dataProvider (one cached call per query), or the record.
 * `values` are the fields `dependsOn` reads (the form's, or the shown record's).
 */
export function useFieldChoices(field: FieldDeclaration, values: Record<string, unknown> | undefined): FieldChoices {
  const source = choiceSourceOf(field);
  const record = useRecordContext<ServerRecord>();
  // Labels are worded when the choices are made, so in the language then shown.
  const translate = useTranslate();
  const query = source ? lookupQuery(source, values) : null;
  const waiting = Boolean(source?.path) && query !== null;
  const { data, isPending } = useGetList<ServerRecord & { id: string | number }>(
    lookupResource(source?.path ?? '', source?.value ?? 'id'),
    getListParams(query ?? {}),
    { enabled: waiting, staleTime: 60_000 },
  );
  return useMemo(() => {
    if (field.kind === 'enum' && Array.isArray(field.choices)) {
      const choices = (field.choices as ReadonlyArray<string | Choice>).map((c) => (typeof c === 'string' ? { id: c, name: c } : c));
      return { ...STATIC, choices };
    }
    if (!source) return STATIC;
    const records = [...(data ?? []), ...(record && source.fromRecord ? source.fromRecord(record) : [])];
    const seen = new Set<string>();
    const choices: Choice[] = [];
    for (const r of records) {
      const id = r[source.value];
      if (isBlank(id) || seen.has(String(id))) continue;
      seen.add(String(id));
      choices.push({ id: id as string | number, name: labelOf(source, r, translate) });
    }
    return { choices, records, isPending: waiting && isPending };
  }, [field, source, data, record, waiting, isPending, translate]);
}

/** The lookup a form validator reads related records with: the dataProvider, each query once per form. */
export function useLookup(): Lookup {
  const dataProvider = useDataProvider();
  const cache = useRef(new Map<string, Promise<ServerRecord[]>>());
  return useCallback(
    (source, query) => {
      if (!source.path) return Promise.resolve([]);
      const key = JSON.stringify([source.path, query]);
      let pending = cache.current.get(key);
      if (!pending) {
        pending = dataProvider
          .getList(lookupResource(source.path, source.value), getListParams({ ...source.query, ...query }))
          .then((result) => result.data as ServerRecord[])
          .catch(() => {
            cache.current.delete(key);
            return [];
          });
        cache.current.set(key, pending);
      }
      return pending;
    },
    [dataProvider],
  );
}
