import { useState } from 'react';
import { useDataProvider, useTranslate, type DataProvider, type SortPayload } from 'react-admin';
import { toasts } from '../../../shell/toast';
import type { ExportList } from '../../../dataProvider/dataProvider';

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

/** What a download produces: the file and its row count. `onRows` reports the rows received so far. */
export type CsvProducer = (onRows: (rows: number) => void) => Promise<{ blob: Blob; rows: number }>;

/**
 * A CSV download with its toast (docs/DECISIONS.md "Export"): "Exporting…", the rows counted
 * as they arrive, then the row count; the file is saved under `name`. `busy` while it runs.
 */
export function useCsvDownload() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DataProvider & { exportList: ExportList }>();
  const [busy, setBusy] = useState(false);

  const download = async (name: string, total: number | undefined, produce: CsvProducer) => {
    setBusy(true);
    const toast = toasts.loading(translate('resourceEngine.exporting'));
    try {
      const { blob, rows } = await produce((done) =>
        toasts.update(toast, {
          message: translate('resourceEngine.exportProgress', { done: done.toLocaleString(), total: (total ?? done).toLocaleString() }),
        }),
      );
      saveFile(name, blob);
      toasts.settle(toast, 'success', translate('resourceEngine.exported', { count: rows, smart_count: rows }));
    } catch {
      // The HTTP client has shown why; the loading toast must not spin on.
      toasts.remove(toast);
    } finally {
      setBusy(false);
    }
  };

  /** The server's CSV stream of a resource's export endpoint, its lines counted as they arrive (less the header). */
  const streamed =
    (resource: string, params: { filter: Record<string, unknown>; sort: SortPayload; view: string }): CsvProducer =>
    async (onRows) => {
      let lines = 0;
      const file = await dataProvider.exportList(resource, {
        ...params,
        onProgress: (_received, chunk) => {
          for (const byte of chunk) if (byte === LINE_FEED) lines++;
          onRows(Math.max(lines - 1, 0));
        },
      });
      return { blob: file.blob, rows: Math.max(lines - 1, 0) };
    };

  return { busy, download, streamed };
}
