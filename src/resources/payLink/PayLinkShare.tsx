import { copyText } from '../../shell/clipboard';
import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { QRCodeSVG } from 'qrcode.react';
import { useNotify, useTranslate } from 'react-admin';

/** Copies the URL, and says so (or that the browser refused). */
function useCopy(url: string) {
  const notify = useNotify();
  return async () => {
    if (await copyText(url)) notify('resources.pay-link.copied', { type: 'info' });
    else notify('resources.pay-link.copyFailed', { type: 'warning' });
  };
}

/** The QR code of a link in a dialog, large enough to scan from a screen, with its URL to copy. */
export function PayLinkQrDialog({ url, title, open, onClose }: { url: string; title: string; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const copy = useCopy(url);
  return (
    <Dialog open={open} onClose={onClose} onClick={(event) => event.stopPropagation()} aria-labelledby="pay-link-qr-title">
      <DialogTitle id="pay-link-qr-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          {/* A white margin around the code keeps it scannable in the dark theme. */}
          <Box sx={{ p: 2, bgcolor: '#fff', borderRadius: 1, lineHeight: 0 }}>
            <QRCodeSVG value={url} size={220} marginSize={0} role="img" aria-label={translate('resources.pay-link.qrOf', { url })} />
          </Box>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', textAlign: 'center' }}>
            {url}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          {translate('resources.pay-link.copy')}
        </Button>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A pay link's URL as a payer gets it: the address (opens in a new tab), a copy button and its
 * QR code. Clicks stay here: in a list row they must not open the record.
 */
export function PayLinkShare({ url, title }: { url: string; title: string }) {
  const translate = useTranslate();
  const copy = useCopy(url);
  const [qrOpen, setQrOpen] = useState(false);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }} onClick={(event) => event.stopPropagation()}>
      <Link
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        variant="body2"
        sx={{ fontFamily: 'monospace', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: { xs: 160, sm: 320 } }}
      >
        {url}
      </Link>
      <Tooltip title={translate('resources.pay-link.copy')}>
        <IconButton size="small" onClick={copy} aria-label={translate('resources.pay-link.copy')}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('resources.pay-link.qr')}>
        <IconButton size="small" onClick={() => setQrOpen(true)} aria-label={translate('resources.pay-link.qr')}>
          <QrCode2Icon fontSize="small" />
        </IconButton>
      </Tooltip>
      <PayLinkQrDialog url={url} title={title} open={qrOpen} onClose={() => setQrOpen(false)} />
    </Stack>
  );
}
