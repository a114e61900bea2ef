import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PolicyRule } from '../../contract/policy';
import { ruleLine, type RuleNames } from './ruleWords';

/** The rules in their order, each in words; the first that matches decides. */
export function RuleList({ rules, names, testId }: { rules: readonly PolicyRule[]; names: RuleNames; testId: string }) {
  const translate = useTranslate();
  if (rules.length === 0) return <Typography color="text.secondary">{translate('policy.noRules')}</Typography>;
  return (
    <List dense data-testid={testId} component="ol">
      {rules.map((rule, index) => (
        <ListItem key={index} disableGutters>
          <ListItemText primary={ruleLine(index + 1, rule, translate, names)} />
        </ListItem>
      ))}
    </List>
  );
}
