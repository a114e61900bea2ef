import { Box, Checkbox, FormControlLabel, IconButton, MenuItem, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import { MOVEMENT_KINDS } from '../../contract/movement';
import { POLICY_ACTIONS, POLICY_DESTINATIONS, type PolicyRule } from '../../contract/policy';
import { useSession } from '../../session';

/** The inputs of a rule, each labelled `policy.fields.<field>` (the i18n test checks every one). */
export const RULE_FIELDS = [
  'name',
  'walletId',
  'chainId',
  'symbol',
  'minAmount',
  'destination',
  'velocityLimit',
  'action',
  'approvals',
] as const;

/** A rule as the editor holds it: the same fields, amounts and approvals as typed. */
export type DraftRule = Omit<PolicyRule, 'approvals' | 'minAmount' | 'velocityLimit' | 'symbol' | 'chainId' | 'walletId'> & {
  approvals: string;
  minAmount: string;
  velocityLimit: string;
  symbol: string;
  chainId: number | '';
  walletId: number | '';
};

export const toDraft = (rule: PolicyRule): DraftRule => ({
  ...rule,
  approvals: rule.approvals === null ? '' : String(rule.approvals),
  minAmount: rule.minAmount ?? '',
  velocityLimit: rule.velocityLimit ?? '',
  symbol: rule.symbol ?? '',
  chainId: rule.chainId ?? '',
  walletId: rule.walletId ?? '',
});

export const blankDraft = (): DraftRule =>
  toDraft({
    name: '',
    kinds: [],
    walletId: null,
    chainId: null,
    symbol: null,
    minAmount: null,
    destination: 'any',
    velocityLimit: null,
    action: 'require',
    approvals: 2,
  });

interface RuleFormProps {
  index: number;
  count: number;
  rule: DraftRule;
  wallets: ReadonlyArray<{ id: number; label: string }>;
  errors: Record<string, string>;
  onChange: (rule: DraftRule) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One rule of the editor: its conditions, then its action; a field the server refused shows why. */
export function RuleForm({ index, count, rule, wallets, errors, onChange, onMove, onRemove }: RuleFormProps) {
  const translate = useTranslate();
  const { chainList } = useSession();
  const set = <K extends keyof DraftRule>(key: K, value: DraftRule[K]) => onChange({ ...rule, [key]: value });
  const error = (field: string) => errors[`rules.${index}.${field}`];
  const text = (field: 'name' | 'symbol' | 'minAmount' | 'velocityLimit' | 'approvals', width = 160) => (
    <TextField
      label={translate(`policy.fields.${field}`)}
      value={rule[field]}
      onChange={(e) => set(field, e.target.value)}
      error={Boolean(error(field))}
      helperText={error(field)}
      size="small"
      sx={{ width }}
      inputProps={{ 'data-testid': `rule-${index}-${field}` }}
    />
  );
  const select = (
    field: 'walletId' | 'chainId' | 'destination' | 'action',
    choices: Array<{ id: string | number; name: string }>,
    width = 180,
  ) => (
    <TextField
      select
      label={translate(`policy.fields.${field}`)}
      value={rule[field]}
      onChange={(e) => {
        const value = e.target.value;
        // Ids are numbers (the schema's), "any" is the blank choice.
        set(field, (field === 'walletId' || field === 'chainId' ? (value === '' ? '' : Number(value)) : value) as never);
      }}
      error={Boolean(error(field))}
      helperText={error(field)}
      size="small"
      sx={{ width }}
      // "Every wallet" / "Every network" is the blank value: shown, not an empty box.
      SelectProps={{ displayEmpty: true, SelectDisplayProps: { 'data-testid': `rule-${index}-${field}` } as object }}
      InputLabelProps={{ shrink: true }}
    >
      {choices.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
  const counted = rule.action === 'require' || rule.action === 'requireMore';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`rule-${index}`}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {translate('policy.rule', { position: index + 1 })}
        </Typography>
        <Tooltip title={translate('policy.moveUp')}>
          <span>
            <IconButton size="small" disabled={index === 0} onClick={() => onMove(-1)} aria-label={translate('policy.moveUp')}>
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={translate('policy.moveDown')}>
          <span>
            <IconButton size="small" disabled={index === count - 1} onClick={() => onMove(1)} aria-label={translate('policy.moveDown')}>
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={translate('policy.remove')}>
          <IconButton size="small" onClick={onRemove} aria-label={translate('policy.remove')}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {text('name', 200)}
        {select('walletId', [{ id: '', name: translate('policy.anyWallet') }, ...wallets.map((w) => ({ id: w.id, name: w.label }))])}
        {select(
          'chainId',
          [{ id: '', name: translate('policy.anyNetwork') }, ...chainList.map((c) => ({ id: c.chainId, name: c.name }))],
          160,
        )}
        {text('symbol', 110)}
        {text('minAmount')}
        {select(
          'destination',
          POLICY_DESTINATIONS.map((d) => ({ id: d, name: translate(`policy.destination.${d}`) })),
          200,
        )}
        {text('velocityLimit')}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mt: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
          {translate('policy.fields.kinds')}
        </Typography>
        {MOVEMENT_KINDS.map((kind) => (
          <FormControlLabel
            key={kind}
            label={translate(`multisig.kind.${kind}`)}
            control={
              <Checkbox
                size="small"
                checked={rule.kinds.includes(kind)}
                onChange={(e) => set('kinds', e.target.checked ? [...rule.kinds, kind] : rule.kinds.filter((k) => k !== kind))}
              />
            }
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 1 }}>
        {select(
          'action',
          POLICY_ACTIONS.map((a) => ({ id: a, name: translate(`policy.action.${a}`) })),
          240,
        )}
        {counted && text('approvals', 120)}
      </Box>
    </Paper>
  );
}
