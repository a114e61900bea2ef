import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { AuditEventRecord } from '../../contract/schemas/auditLog';

/** Which record: a proposal by its public name (wallet and nonce, as every screen names it), any other by its key. */
export default function AuditRecordField() {
  const record = useRecordContext<AuditEventRecord & { id: number }>();
  if (!record) return null;
  return (
    <Typography variant="body2" component="span" data-testid="audit-record" sx={{ wordBreak: 'break-word' }}>
      {record.proposal ?? record.entityId ?? ''}
    </Typography>
  );
}
