import { useState } from 'react';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { Button, useRecordContext } from 'react-admin';
import { payLinkUrl } from './payLinkUrl';
import { PayLinkQrDialog } from './PayLinkShare';

/** "Share" on a link's own page (edit for its writers, show for the rest): its QR code and URL. */
export default function PayLinkShareAction() {
  const record = useRecordContext<{ code?: string; title?: string }>();
  const [open, setOpen] = useState(false);
  if (!record?.code) return null;
  return (
    <>
      <Button label="resources.pay-link.share" onClick={() => setOpen(true)}>
        <QrCode2Icon />
      </Button>
      <PayLinkQrDialog url={payLinkUrl(record.code)} title={record.title ?? ''} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
