import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/GetApp';
import { useTranslate } from 'react-admin';
import { exportFileName } from '../engine/exportFileName';
import { useCsvDownload } from '../engine/views/useCsvDownload';

/**
 * The sign log of every proposal in the caller's scope, as CSV streamed from the server
 * (`/sys/sign/log/export`, the multisig resource's export): who started, approved, denied,
 * confirmed, when, with their comments. What an auditor asks a custody desk for.
 */
export function SignLogExportButton() {
  const translate = useTranslate();
  const { busy, download, streamed } = useCsvDownload();
  const run = () =>
    download(
      exportFileName('sign-log', {}, Intl.DateTimeFormat().resolvedOptions().timeZone, new Date()),
      undefined,
      streamed('multisig', { filter: {}, sort: { field: 'createdAt', order: 'ASC' }, view: 'sign-log' }),
    );
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={() => void run()} disabled={busy} data-testid="export-sign-log">
      {translate('multisig.exportLog')}
    </Button>
  );
}
