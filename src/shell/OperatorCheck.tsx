import type { ReactNode } from 'react';
import { Alert, AlertTitle, Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { may } from '../access';
import type { ConsoleMethods } from '../dataProvider';
import { CONSOLE_QUERY, consoleKey, useConsoleDataProvider, useSelectedOrgId } from './consoleQuery';
import { useSession } from '../session';

type Check = 'auditVerify' | 'ledgerVerify';
type CheckResult<C extends Check> = Awaited<ReturnType<ConsoleMethods[C]>>;

/** What a check's answer says: whether all is well, its one line, and the details of a failure. */
export interface CheckVerdict {
  ok: boolean;
  title: string;
  details?: ReactNode;
}

interface OperatorCheckProps<C extends Check> {
  check: C;
  testId: string;
  /** Translation key of the sentence shown when the check itself could not run. */
  failed: string;
  verdict: (result: CheckResult<C>) => CheckVerdict;
}

/**
 * For the operator row: one of the server's integrity checks (the audit chain on /audit-log, the
 * books on /asset-flow) read once and said in one alert. Other roles neither see it nor call it
 * (the API refuses them).
 */
export function OperatorCheck<C extends Check>({ check, testId, failed, verdict }: OperatorCheckProps<C>) {
  const { roleIndex } = useSession();
  // The check's own action in the access table: the same one the server's route names.
  const operator = may(roleIndex, check === 'auditVerify' ? 'auditLog.verify' : 'ledger.verify');
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const answer = useQuery({
    queryKey: consoleKey(check, useSelectedOrgId()),
    queryFn: ({ signal }) => dataProvider[check]({ signal }) as Promise<CheckResult<C>>,
    enabled: operator,
    ...CONSOLE_QUERY,
  });
  if (!operator || answer.isPending) return null;
  const said: CheckVerdict = answer.isError ? { ok: false, title: translate(failed) } : verdict(answer.data);
  return (
    <Box sx={{ px: 2, pt: 2 }} data-testid={testId}>
      <Alert severity={said.ok ? 'success' : 'error'}>
        {said.details ? <AlertTitle>{said.title}</AlertTitle> : said.title}
        {said.details}
      </Alert>
    </Box>
  );
}
