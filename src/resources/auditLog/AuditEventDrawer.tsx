import { Link as RouterLink } from 'react-router-dom';
import { Box, Link as MuiLink, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AuditEventRecord } from '../../contract/schemas/auditLog';
import { useFormat } from '../../i18n/useFormat';
import { useDisplayTimeZone } from '../engine/displayTimeZone';
import type { ResourceViewProps } from '../engine/types';
import { auditActionText, auditEntityKey, fieldChanges } from './auditValues';
import { DrawerTitle, FactsTable } from '../engine/views/RecordDrawer';

/** A value cell: monospace, wrapped, "—" for none. */
function Value({ text }: { text: string | null }) {
  return (
    <Typography
      component="pre"
      variant="body2"
      sx={{
        m: 0,
        fontFamily: 'monospace',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
        color: text === null ? 'text.disabled' : undefined,
      }}
    >
      {text ?? '—'}
    </Typography>
  );
}

/**
 * One audit event beside the list: what was done to which record, by whom, from where, and
 * each changed field before → after. Closing it (Esc, the backdrop, ✕) returns focus to the row.
 */
export default function AuditEventDrawer({ definition, close }: ResourceViewProps) {
  const record = useRecordContext<AuditEventRecord & { id: number }>();
  const translate = useTranslate();
  const format = useFormat();
  const [timeZone] = useDisplayTimeZone(definition.resourceName);
  if (!record) return null;
  const label = (source: string) => translate(definition.fieldKey(source), { _: source });
  const facts: Array<[string, string | null]> = [
    ['createdAt', format.dateTime(record.createdAt, timeZone ?? undefined, 'second')],
    ['actorAccount', record.actorAccount ? `${record.actorName ?? ''} (${record.actorAccount})`.trim() : translate('auditLog.system')],
    ['orgName', record.orgName],
    ['clientAddress', record.clientAddress],
    ['userAgent', record.userAgent],
    ['requestId', record.requestId],
    ['route', record.route],
  ];
  const changes = fieldChanges(record.before, record.after);
  return (
    <Box sx={{ p: 2 }} role="region" aria-labelledby="audit-event-title" data-testid="audit-event">
      <DrawerTitle id="audit-event-title" close={close} closeTestId="audit-event-close">
        {auditActionText(record, translate)} · {translate(auditEntityKey(record.entity))}
        {record.proposal ? ` ${record.proposal}` : record.entityId ? ` #${record.entityId}` : ''}
      </DrawerTitle>
      {record.proposalId !== null && record.proposal && (
        <MuiLink
          component={RouterLink}
          to={`/multisig/${record.proposalId}/show`}
          variant="body2"
          sx={{ display: 'inline-block', mb: 1 }}
          data-testid="audit-event-proposal"
        >
          {translate('auditLog.openProposal', { proposal: record.proposal })}
        </MuiLink>
      )}
      <FactsTable facts={facts.map(([source, value]) => [label(source), value])} />
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {translate('auditLog.changes')}
      </Typography>
      {changes.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('auditLog.noChanges')}
        </Typography>
      ) : (
        <Table size="small" data-testid="audit-diff">
          <caption style={{ position: 'absolute', left: -10000 }}>{translate('auditLog.changes')}</caption>
          <TableHead>
            <TableRow>
              <TableCell>{translate('auditLog.field')}</TableCell>
              <TableCell>{label('before')}</TableCell>
              <TableCell>{label('after')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changes.map((change) => (
              <TableRow key={change.field}>
                <TableCell>{change.field}</TableCell>
                <TableCell>
                  <Value text={change.before} />
                </TableCell>
                <TableCell>
                  <Value text={change.after} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
