import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { masks, maskHas } from '../../access';
import { CONSOLE_QUERY, consoleKey, useConsoleDataProvider } from '../../shell/consoleQuery';
import { useFormat } from '../../i18n/useFormat';
import { useSession } from '../../session';

/**
 * For the operator row: whether the audit chain is intact (GET /sys/audit/verify), or the first
 * event where it breaks. Other roles neither see it nor call it (the API refuses them).
 */
export function AuditChainStatus() {
  const { roleIndex } = useSession();
  const operator = maskHas(masks.operator, roleIndex);
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useConsoleDataProvider();
  const check = useQuery({
    queryKey: consoleKey('auditVerify', useSession().selectedOrg?.orgId ?? null),
    queryFn: ({ signal }) => dataProvider.auditVerify({ signal }),
    enabled: operator,
    ...CONSOLE_QUERY,
  });
  if (!operator || check.isPending) return null;
  if (check.isError) return <Alert severity="error" sx={{ mx: 2, mb: 1 }}>{translate('auditLog.chain.failed')}</Alert>;
  const result = check.data;
  return (
    <Alert severity={result.intact ? 'success' : 'error'} sx={{ mx: 2, mb: 1 }} data-testid="audit-chain">
      {result.intact
        ? translate('auditLog.chain.intact', { checked: format.number(result.checked), time: format.dateTime(result.asOf, undefined, 'second') })
        : translate('auditLog.chain.broken', { id: result.firstBroken?.id ?? '?', time: format.dateTime(result.firstBroken?.createdAt, undefined, 'second') })}
    </Alert>
  );
}
