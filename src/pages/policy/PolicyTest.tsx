import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useConsoleDataProvider } from '../../shell/consoleQuery';
import { Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MOVEMENT_KINDS } from '../../contract/movement';
import type { PolicyDetail, PolicyEvaluation, PolicyVerdict } from '../../contract/schemas/policy';
import { serverFieldErrors } from '../../dataProvider/serverFieldErrors';
import { useFormat } from '../../i18n/useFormat';
import { outcomeWords, ruleLine, type RuleNames } from './ruleWords';

/** The test box's inputs, each labelled `policy.test.<field>`. */
export const TEST_FIELDS = ['kind', 'walletId', 'symbol', 'amount', 'to'] as const;
type Field = (typeof TEST_FIELDS)[number];

/** One verdict in words: which rule matched and why, or that none did. */
function Verdict({ verdict, names, testId }: { verdict: PolicyVerdict; names: RuleNames; testId: string }) {
  const translate = useTranslate();
  const facts = [
    translate(verdict.inBook ? 'policy.why.inBook' : 'policy.why.notInBook'),
    translate('policy.why.recent', { amount: verdict.recentTotal }),
    verdict.walletThreshold === null
      ? translate('policy.why.noSigners')
      : translate('policy.why.walletThreshold', { count: verdict.walletThreshold }),
  ];
  return (
    <Box data-testid={testId}>
      <Typography sx={{ fontWeight: 500 }}>
        {verdict.match ? ruleLine(verdict.match.position, verdict.match.rule, translate, names) : translate('policy.noMatch')}
      </Typography>
      <Typography>{translate('policy.result', { outcome: outcomeWords(verdict.outcome, translate) })}</Typography>
      <Typography variant="body2" color="text.secondary">
        {facts.join(' · ')}
      </Typography>
    </Box>
  );
}

/** "Test a transaction": which rule would decide it now, and under the waiting change; nothing is recorded. */
export function PolicyTest({ detail, names }: { detail: PolicyDetail; names: RuleNames }) {
  const translate = useTranslate();
  const format = useFormat();
  const [values, setValues] = useState<Record<Field, string>>({
    kind: 'transfer',
    walletId: String(detail.wallets[0]?.id ?? ''),
    symbol: '',
    amount: '',
    to: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [answer, setAnswer] = useState<PolicyEvaluation | null>(null);
  const dataProvider = useConsoleDataProvider();
  // Asked on demand and never kept: react-query's mutation, though nothing is written.
  const evaluation = useMutation({ mutationFn: (asked: Record<Field, string>) => dataProvider.evaluatePolicy(asked) });

  const test = async (event: FormEvent) => {
    event.preventDefault();
    try {
      setAnswer(await evaluation.mutateAsync(values));
      setErrors({});
    } catch (failure) {
      setAnswer(null);
      setErrors(serverFieldErrors<Field>(failure));
    }
  };
  const input = (field: Field, width: number, choices?: Array<{ id: string | number; name: string }>) => (
    <TextField
      select={Boolean(choices)}
      label={translate(`policy.test.${field}`)}
      value={values[field]}
      onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      size="small"
      sx={{ width }}
      inputProps={choices ? undefined : { 'data-testid': `test-${field}` }}
      SelectProps={choices ? { SelectDisplayProps: { 'data-testid': `test-${field}` } as object } : undefined}
    >
      {choices?.map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Card>
      <CardContent component="form" onSubmit={(e: FormEvent) => void test(e)}>
        <Typography variant="h6" component="h2">
          {translate('policy.test.title')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, my: 1 }}>
          {input(
            'kind',
            150,
            MOVEMENT_KINDS.map((k) => ({ id: k, name: translate(`multisig.kind.${k}`) })),
          )}
          {input(
            'walletId',
            200,
            detail.wallets.map((w) => ({ id: w.id, name: w.label })),
          )}
          {input('symbol', 110)}
          {input('amount', 160)}
          {input('to', 420)}
        </Box>
        <Button type="submit" variant="contained" data-testid="policy-test">
          {translate('policy.test.run')}
        </Button>
        {answer && (
          <Stack spacing={1.5} sx={{ mt: 2 }}>
            <Typography variant="subtitle2">{translate('policy.test.now')}</Typography>
            <Verdict verdict={answer.now} names={names} testId="verdict-now" />
            {answer.pending && (
              <>
                <Typography variant="subtitle2">
                  {translate('policy.test.pending', { from: format.dateTime(answer.pending.activeFrom) })}
                </Typography>
                <Verdict verdict={answer.pending} names={names} testId="verdict-pending" />
              </>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
