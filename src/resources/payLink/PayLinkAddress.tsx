import { useRecordContext } from 'react-admin';
import { payLinkUrl } from './payLinkUrl';
import { PayLinkShare } from './PayLinkShare';

/** The `code` column and show row of a pay link: its payer URL, to copy or scan. */
export default function PayLinkAddress() {
  const record = useRecordContext<{ code?: string; title?: string }>();
  if (!record?.code) return null;
  return <PayLinkShare url={payLinkUrl(record.code)} title={record.title ?? ''} />;
}
