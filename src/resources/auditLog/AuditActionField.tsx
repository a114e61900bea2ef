import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { auditActionKey } from '../../contract/audit';
import type { AuditEventRecord } from '../../contract/schemas/auditLog';

/** What an event did: a proposal's step ("Approved", "Executed") where the row is a proposal's, else the row's action ("Changed"). */
export default function AuditActionField() {
  const record = useRecordContext<AuditEventRecord & { id: number }>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Typography variant="body2" component="span" data-testid="audit-action">
      {translate(auditActionKey(record.action, record.proposalStep))}
    </Typography>
  );
}
