import { useState } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/GetApp';
import { useDataProvider, useListContext, useTranslate, type DataProvider } from 'react-admin';
import { toCsv } from '../csv';
import { exportColumns } from '../exportColumns';
import { fetchAll } from '../fetchAll';
import type { ResourceDefinition } from '../types';
import { toasts } from '../../../shell/toast';
import type { ExportList } from '../../../dataProvider/dataProvider';
import { useDisplayTimeZone } from '../displayTimeZone';
import { exportFileName } from '../exportFileName';

/** Saves a file through the browser. */
function saveFile(name: string, content: Blob) {
  const url = URL.createObjectURL(content);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

const LINE_FEED = 10;

/**
 * Export of the whole filtered, sorted list as CSV (SPEC B6: not one page, not 1000 rows). A
 * list the server exports (its paths name an `export`) streams from the server, with a toast
 * that counts the rows as they arrive; a small list is fetched page by page and written here
 * (docs/DECISIONS.md "Export"). Either way the toast settles with the row count.
 */
export function ExportAllButton({ definition }: { definition: ResourceDefinition }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DataProvider & { exportList: ExportList }>();
  const { filterValues, filter, sort, total } = useListContext();
  const [timeZone] = useDisplayTimeZone(definition.name);
  const [busy, setBusy] = useState(false);
  const streamed = definition.endpoint.paths.export !== undefined;

  const run = async () => {
    setBusy(true);
    const toast = toasts.loading(translate('resourceEngine.exporting'));
    const allFilters = { ...filterValues, ...filter };
    const name = exportFileName(definition.name, allFilters, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone, new Date());
    try {
      let rows: number;
      if (streamed) {
        // Lines received, less the header: what the toast counts while the file streams in.
        let lines = 0;
        const file = await dataProvider.exportList(definition.resourceName, {
          filter: allFilters,
          sort,
          view: definition.name,
          onProgress: (_received, chunk) => {
            for (const byte of chunk) if (byte === LINE_FEED) lines++;
            const done = Math.max(lines - 1, 0);
            toasts.update(toast, { message: translate('resourceEngine.exportProgress', { done: done.toLocaleString(), total: (total ?? done).toLocaleString() }) });
          },
        });
        rows = Math.max(lines - 1, 0);
        saveFile(name, file.blob);
      } else {
        const records = await fetchAll(dataProvider, definition.resourceName, { filter: allFilters, sort });
        rows = records.length;
        saveFile(name, new Blob([toCsv(exportColumns(definition, translate), records)], { type: 'text/csv;charset=utf-8' }));
      }
      toasts.settle(toast, 'success', translate('resourceEngine.exported', { count: rows, smart_count: rows }));
    } catch {
      // The HTTP client has shown why; the loading toast must not spin on.
      toasts.remove(toast);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={() => void run()} disabled={busy || !total}>
      {translate('ra.action.export')}
    </Button>
  );
}
