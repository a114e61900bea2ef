import { lazy, Suspense, useMemo } from 'react';
import { EditButton, ShowButton, TopToolbar } from 'react-admin';
import type { ResourceViewProps } from '../types';

/**
 * The top toolbar of a generated edit or show page: react-admin's own link to the other
 * view (each button asks `canAccess` for the record itself) and the declaration's
 * `recordActions`, loaded once with the page.
 */
export function RecordActions({ definition, view }: ResourceViewProps & { view: 'edit' | 'show' }) {
  const load = definition.declaration.recordActions;
  const Extra = useMemo(() => (load ? lazy(load) : null), [load]);
  const other = view === 'edit' ? definition.hasView('show') && <ShowButton /> : definition.hasView('edit') && <EditButton />;
  return (
    <TopToolbar>
      {Extra && (
        <Suspense fallback={null}>
          <Extra definition={definition} />
        </Suspense>
      )}
      {other}
    </TopToolbar>
  );
}
