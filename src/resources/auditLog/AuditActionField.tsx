import { Typography, useMediaQuery, type Theme } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AuditEventRecord } from '../../contract/schemas/auditLog';
import { auditActionText } from './auditValues';

/**
 * What an event did: a proposal's step ("Approved", "Executed") where the row is a proposal's, else
 * the row's action ("Changed"). On a phone the row has no "Which record" column (src/resources/engine/
 * views/PhoneList.tsx shows three), so a proposal's name follows its step there.
 */
export default function AuditActionField() {
  const record = useRecordContext<AuditEventRecord & { id: number }>();
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!record) return null;
  const action = auditActionText(record, translate);
  return (
    <Typography variant="body2" component="span" data-testid="audit-action">
      {phone && record.proposal ? `${action} · ${record.proposal}` : action}
    </Typography>
  );
}
