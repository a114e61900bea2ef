import {
  ColumnsButton,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  RecordContextProvider,
  TopToolbar,
  useCanAccess,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { ExportAllButton } from './ExportAllButton';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Drawer, useMediaQuery, type Theme } from '@mui/material';
import { useSession } from '../../../session';
import { fieldsFor } from '../fields';
import type { ResourceViewProps, ViewLoader } from '../types';
import { EmptyState, useResourceName } from './common';
import { ListFailure } from './loadFailure';
import { filterElement, listColumnElement } from './FieldViews';
import { LIST_PAGE_SIZE, listFilter, listSort } from '../listPage';
import { PhoneList } from './PhoneList';
import { useAllChains } from '../allChains';
import { ListChain } from './ListChain';

/** Filter menu, the column chooser (beside the table, not the phone's list), Create (for the roles the declaration allows) and an export of the whole filtered set. */
function ListActions({
  definition,
  hasFilters,
  phone,
}: {
  definition: ResourceViewProps['definition'];
  hasFilters: boolean;
  phone: boolean;
}) {
  const { canAccess: canCreate } = useCanAccess({ resource: definition.resourceName, action: 'create' });
  return (
    <TopToolbar>
      {hasFilters && <FilterButton />}
      {hasColumnChooser(definition) && !phone && <ColumnsButton storeKey={columnsKey(definition)} />}
      {canCreate && definition.hasView('create') && <CreateButton />}
      <ExportAllButton definition={definition} />
    </TopToolbar>
  );
}

/** Where a screen's hidden columns are kept (react-admin's store, so they survive a reload). */
const columnsKey = (definition: ResourceViewProps['definition']) => `${definition.name}.datatable`;

/** Every generated table has the "Columns" chooser, unless its declaration says `columnChooser: false`. */
const hasColumnChooser = (definition: ResourceViewProps['definition']) => definition.declaration.list?.columnChooser !== false;

/** One of the declaration's list parts (summary, empty state), loaded once with the list. */
function useListPart(load: ViewLoader | undefined) {
  return useMemo(() => (load ? lazy(load) : null), [load]);
}

/** Columns, filters and sorting from the declaration; paging and sorting happen on the server. */
export default function GeneratedList({ definition }: ResourceViewProps) {
  const translate = useTranslate();
  const title = useResourceName(definition)(2);
  const { currentChainObj, roleIndex, selectedOrg } = useSession();
  const Summary = useListPart(definition.declaration.list?.summary);
  const Above = useListPart(definition.declaration.list?.above);
  const Empty = useListPart(definition.declaration.list?.empty);
  const Drawn = useListPart(definition.declaration.list?.rowDrawer);
  const [drawn, setDrawn] = useState<RaRecord | null>(null);
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const { declaration, chainField } = definition;
  // The same sort and filter as the read a deep link starts at boot (defineResource's firstRead).
  const sort = listSort(declaration, definition.fields);
  // Chain-scoped lists follow the app bar's chain: a permanent filter, not one the user can remove (nor the scope),
  // unless the list allows every chain and the user picked that in its summary; the rows then say their chain.
  const [allChains] = useAllChains(definition);
  const filter = listFilter(definition, currentChainObj?.chainId, allChains);
  const listed = fieldsFor(definition, 'list');
  const chainColumn = allChains ? definition.fields.find((f) => f.source === chainField && !listed.includes(f)) : undefined;
  const columns = chainColumn ? [chainColumn, ...listed] : listed;
  const filters = fieldsFor(definition, 'filter').map((field) => filterElement(definition, field, translate));
  // Per row: a record the role may not change (another org's wallet) opens read-only.
  const rowClick = (_id: unknown, _resource: unknown, record: RaRecord) => {
    if (Drawn) {
      setDrawn(record);
      return false as const;
    }
    return definition.canDo(roleIndex, 'edit', { record, org: selectedOrg }) ? 'edit' : definition.hasView('show') ? 'show' : false;
  };
  const empty = Empty ? (
    <Suspense fallback={null}>
      <Empty definition={definition} />
    </Suspense>
  ) : undefined;
  const content = (
    <>
      <ListChain definition={definition} />
      {Summary && (
        <Suspense fallback={null}>
          <Summary definition={definition} />
        </Suspense>
      )}
      {phone ? (
        <PhoneList definition={definition} rowClick={rowClick} />
      ) : (
        // react-admin's DataTable; its columns are the declaration's, hidden and shown with the "Columns" button.
        <DataTable rowClick={rowClick} bulkActionButtons={false} empty={empty} storeKey={columnsKey(definition)}>
          {columns.map((field) => listColumnElement(definition, field, translate))}
        </DataTable>
      )}
      {Drawn && (
        // MUI's Drawer is a modal: focus moves into it and returns to the clicked row when it closes.
        // Its paper is the dialog: named by the record's kind ("Audit event"), as axe asks of every dialog.
        <Drawer
          anchor="right"
          open={drawn !== null}
          onClose={() => setDrawn(null)}
          slotProps={{
            paper: {
              sx: { width: { xs: '100%', sm: 560 } },
              'aria-label': translate(definition.nameKey, { smart_count: 1, _: definition.name }),
            },
          }}
        >
          {drawn && (
            <RecordContextProvider value={drawn}>
              <Suspense fallback={null}>
                <Drawn definition={definition} close={() => setDrawn(null)} />
              </Suspense>
            </RecordContextProvider>
          )}
        </Drawer>
      )}
    </>
  );
  return (
    <>
      {Above && (
        <Suspense fallback={null}>
          <Above definition={definition} />
        </Suspense>
      )}
      <List
        resource={definition.resourceName}
        title={title}
        filter={filter}
        filters={filters.length > 0 ? filters : undefined}
        sort={sort}
        perPage={declaration.list?.perPage ?? LIST_PAGE_SIZE}
        empty={empty ?? <EmptyState definition={definition} />}
        actions={<ListActions definition={definition} hasFilters={filters.length > 0} phone={phone} />}
        error={<ListFailure>{content}</ListFailure>}
      >
        {content}
      </List>
    </>
  );
}
