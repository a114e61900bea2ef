import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AuditEventRecord } from '../../contract/schemas/auditLog';

/** Who acted: the person's name over their account, or "System" (the demo seed, an anonymous caller). */
export default function ActorField() {
  const record = useRecordContext<AuditEventRecord & { id: number }>();
  const translate = useTranslate();
  if (!record) return null;
  if (!record.actorAccount) return <Typography variant="body2">{translate('auditLog.system')}</Typography>;
  return (
    <>
      <Typography variant="body2">{record.actorName ?? record.actorAccount}</Typography>
      {record.actorName && (
        <Typography variant="caption" color="text.secondary">
          {record.actorAccount}
        </Typography>
      )}
    </>
  );
}
