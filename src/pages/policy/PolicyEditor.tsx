import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useConsoleDataProvider } from '../../shell/consoleQuery';
import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import type { PolicyDetail } from '../../contract/schemas/policy';
import { MAX_POLICY_RULES } from '../../contract/policy';
import { serverFieldErrors } from '../../dataProvider/serverFieldErrors';
import { toasts } from '../../shell/toast';
import { useFormat } from '../../i18n/useFormat';
import { blankDraft, RuleForm, toDraft, type DraftRule } from './RuleForm';

/** The body the server's schema reads: blanks are "no such condition". */
const toBody = (rule: DraftRule) => ({
  ...rule,
  walletId: rule.walletId === '' ? null : rule.walletId,
  chainId: rule.chainId === '' ? null : rule.chainId,
  symbol: rule.symbol.trim() || null,
  minAmount: rule.minAmount.trim() || null,
  velocityLimit: rule.velocityLimit.trim() || null,
  approvals: rule.approvals.trim() === '' ? null : rule.approvals.trim(),
});

/**
 * The managers' editor: starts from the newest version (the waiting change, if there is one),
 * and saves the whole ordered list with the delay. The server puts it in force only after the
 * delay in force now, and says from when.
 */
export function PolicyEditor({ detail, onSaved }: { detail: PolicyDetail; onSaved: (next: PolicyDetail) => void }) {
  const translate = useTranslate();
  const format = useFormat();
  const base = detail.pending ?? detail.active;
  const [rules, setRules] = useState<DraftRule[]>(() => base.rules.map(toDraft));
  const [delay, setDelay] = useState(String(base.delayHours));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const dataProvider = useConsoleDataProvider();
  const saving = useMutation({ mutationFn: dataProvider.savePolicy });

  const save = async () => {
    setBusy(true);
    try {
      const next = await saving.mutateAsync({ rules: rules.map(toBody), delayHours: delay });
      setErrors({});
      toasts.add(
        'success',
        next.pending?.activeFrom
          ? translate('policy.saved', { from: format.dateTime(next.pending.activeFrom) })
          : translate('policy.savedNow'),
      );
      onSaved(next);
    } catch (failure) {
      setErrors(serverFieldErrors<string>(failure) as Record<string, string>);
    } finally {
      setBusy(false);
    }
  };
  const move = (index: number, by: -1 | 1) =>
    setRules((list) => {
      const next = [...list];
      [next[index], next[index + by]] = [next[index + by], next[index]];
      return next;
    });

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('policy.edit')}
        </Typography>
        <Alert severity="info" sx={{ my: 1 }}>
          {translate('policy.editIntro', { hours: detail.active.delayHours })}
        </Alert>
        <Stack spacing={1.5}>
          {rules.map((rule, index) => (
            <RuleForm
              key={index}
              index={index}
              count={rules.length}
              rule={rule}
              wallets={detail.wallets}
              errors={errors}
              onChange={(changed) => setRules((list) => list.map((r, i) => (i === index ? changed : r)))}
              onMove={(by) => move(index, by)}
              onRemove={() => setRules((list) => list.filter((_, i) => i !== index))}
            />
          ))}
        </Stack>
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'flex-start' }}>
          <Button
            startIcon={<AddIcon />}
            onClick={() => setRules((list) => [...list, blankDraft()])}
            disabled={rules.length >= MAX_POLICY_RULES}
          >
            {translate('policy.addRule')}
          </Button>
          <TextField
            label={translate('policy.fields.delayHours')}
            value={delay}
            onChange={(e) => setDelay(e.target.value)}
            error={Boolean(errors.delayHours)}
            helperText={errors.delayHours ?? translate('policy.delayHelp')}
            size="small"
            sx={{ width: 220 }}
            inputProps={{ inputMode: 'numeric', 'data-testid': 'policy-delay' }}
          />
          <Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="policy-save">
            {translate('policy.save')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
