import { useTranslate } from 'react-admin';
import { useFormat } from '../../i18n/useFormat';
import { OperatorCheck } from '../../shell/OperatorCheck';

/**
 * For the operator row: whether the audit chain is intact (GET /sys/audit/verify), the first event
 * where it breaks, or events left unsealed too long.
 */
export function AuditChainStatus() {
  const translate = useTranslate();
  const format = useFormat();
  return (
    <OperatorCheck
      check="auditVerify"
      testId="audit-chain"
      failed="auditLog.chain.failed"
      verdict={(result) => ({
        ok: result.intact,
        title: result.intact
          ? translate('auditLog.chain.intact', {
              checked: format.number(result.checked),
              time: format.dateTime(result.asOf, undefined, 'second'),
            })
          : result.firstBroken
            ? translate('auditLog.chain.broken', {
                id: result.firstBroken.id,
                time: format.dateTime(result.firstBroken.createdAt, undefined, 'second'),
              })
            : translate('auditLog.chain.unsealed', {
                id: result.staleUnsealed?.id ?? '?',
                count: format.number(result.staleUnsealed?.count ?? 0),
                time: format.dateTime(result.staleUnsealed?.createdAt, undefined, 'second'),
              }),
      })}
    />
  );
}
