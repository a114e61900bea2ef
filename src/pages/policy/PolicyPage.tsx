import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { may } from '../../access';
import type { PolicyDetail } from '../../contract/schemas/policy';
import { useSession } from '../../session';
import { CONSOLE_QUERY, consoleKey, useConsoleDataProvider } from '../../shell/consoleQuery';
import { useFormat } from '../../i18n/useFormat';
import { isServerError } from '../../shell/errors/isServerError';
import { ServerErrorPage } from '../../shell/errors/statusPages';
import { RuleList } from './RuleList';
import { PolicyEditor } from './PolicyEditor';
import { PolicyTest } from './PolicyTest';
import { useRuleNames } from './useRuleNames';

/**
 * /policy (docs/DECISIONS.md "Transaction policy"): the selected org's rules in force, in
 * words and in order; the change waiting for its delay; for managers the editor; for everyone
 * a box that says which rule would decide a transaction and why.
 */
export default function PolicyPage() {
  const translate = useTranslate();
  const format = useFormat();
  const { roleIndex, selectedOrg } = useSession();
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  const key = consoleKey('policy', selectedOrg?.orgId ?? null);
  const policy = useQuery({ queryKey: key, queryFn: ({ signal }) => dataProvider.policy({ signal }), ...CONSOLE_QUERY });
  const detail = policy.data ?? null;
  const names = useRuleNames(detail?.wallets ?? []);
  // The saved policy is the answer of the save: no second read.
  const setDetail = (next: PolicyDetail) => queryClient.setQueryData(key, next);

  if (isServerError(policy.error)) return <ServerErrorPage />;
  if (!detail) return <Title title={translate('menu.policy')} />;
  const mayEdit = may(roleIndex, 'policy.edit');
  return (
    <Stack spacing={2} sx={{ mt: 2, maxWidth: 1100 }}>
      <Title title={translate('menu.policy')} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2">
            {translate('policy.inForce', { org: detail.orgName })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('policy.intro', { hours: detail.active.delayHours })}
          </Typography>
          <RuleList rules={detail.active.rules} names={names} testId="rules-in-force" />
        </CardContent>
      </Card>
      {detail.pending && (
        <Card>
          <CardContent>
            <Alert severity="warning" sx={{ mb: 1 }} data-testid="policy-pending">
              {translate('policy.pending', {
                from: format.dateTime(detail.pending.activeFrom ?? ''),
                by: detail.pending.createdBy ?? '—',
                hours: detail.pending.delayHours,
              })}
            </Alert>
            <RuleList rules={detail.pending.rules} names={names} testId="rules-pending" />
          </CardContent>
        </Card>
      )}
      {mayEdit && <PolicyEditor key={`${detail.pending?.id ?? detail.active.id}`} detail={detail} onSaved={setDetail} />}
      <PolicyTest detail={detail} names={names} />
    </Stack>
  );
}
