import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/GetApp';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import { toCsv } from '../csv';
import { exportColumns } from '../exportColumns';
import { fetchAll } from '../fetchAll';
import { referenceNames } from '../referenceNames';
import type { ResourceDefinition } from '../types';
import { useDisplayTimeZone } from '../displayTimeZone';
import { exportFileName } from '../exportFileName';
import { useCsvDownload } from './useCsvDownload';

/**
 * Export of the whole filtered, sorted list as CSV (not one page, not 1000 rows; docs/api.md "Exports"). A
 * list the server exports (its paths name an `export`) streams from the server, with a toast
 * that counts the rows as they arrive; a small list is fetched page by page and written here
 * (docs/DECISIONS.md "Export"). Either way the toast settles with the row count.
 */
export function ExportAllButton({ definition }: { definition: ResourceDefinition }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { filterValues, filter, sort, total, data } = useListContext();
  const [timeZone] = useDisplayTimeZone(definition.name);
  const { busy, download, streamed } = useCsvDownload();

  const run = () => {
    const allFilters = { ...filterValues, ...filter };
    const name = exportFileName(definition.name, allFilters, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone, new Date());
    const produce =
      definition.endpoint.paths.export !== undefined
        ? streamed(definition.resourceName, { filter: allFilters, sort, view: definition.name })
        : async () => {
            const [records, names] = await Promise.all([
              fetchAll(dataProvider, definition.resourceName, { filter: allFilters, sort }),
              referenceNames(dataProvider, definition),
            ]);
            return {
              rows: records.length,
              blob: new Blob([toCsv(exportColumns(definition, translate, names), records)], { type: 'text/csv;charset=utf-8' }),
            };
          };
    return download(name, total, produce);
  };

  // An uncounted list (partial pagination) has rows but no total: Export is offered when a page shows rows.
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      onClick={() => void run()}
      disabled={busy || (total === undefined ? (data ?? []).length === 0 : !total)}
    >
      {translate('ra.action.export')}
    </Button>
  );
}
