import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/GetApp';
import { useTranslate } from 'react-admin';
import { exportFileName } from '../engine/exportFileName';
import { useCsvDownload } from '../engine/views/useCsvDownload';
import { SIGN_LOG_RESOURCE } from './signLists';

/**
 * The sign log of every proposal in the caller's scope, as CSV streamed from the server
 * (`/sys/sign/log/export`, the multisig resource's export): who started, approved, denied,
 * confirmed, when, with their comments. What an auditor asks a custody desk for. On the
 * "Sign log" tab it saves what the tab's filters show.
 */
export function SignLogExportButton({ filter = {} }: { filter?: Record<string, unknown> }) {
  const translate = useTranslate();
  const { busy, download, streamed } = useCsvDownload();
  const run = () =>
    download(
      exportFileName('sign-log', filter, Intl.DateTimeFormat().resolvedOptions().timeZone, new Date()),
      undefined,
      streamed(SIGN_LOG_RESOURCE, { filter, sort: { field: 'createdAt', order: 'ASC' }, view: 'sign-log' }),
    );
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={() => void run()} disabled={busy} data-testid="export-sign-log">
      {translate('multisig.exportLog')}
    </Button>
  );
}
