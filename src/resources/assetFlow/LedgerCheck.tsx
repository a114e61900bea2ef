import { Alert, AlertTitle, Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { masks, maskHas } from '../../access';
import type { LedgerBreak } from '../../contract/schemas/ledger';
import { CONSOLE_QUERY, consoleKey, useConsoleDataProvider } from '../../shell/consoleQuery';
import { useFormat } from '../../i18n/useFormat';
import { useSession } from '../../session';

/** "Aurora cold · USDT — movement #12: expected 3 entries, found 2." */
function BreakLine({ found }: { found: LedgerBreak }) {
  const translate = useTranslate();
  const where = [found.walletLabel, found.symbol].filter(Boolean).join(' · ');
  return (
    <ListItem disableGutters sx={{ py: 0 }}>
      <ListItemText
        primary={`${translate(`ledger.break.${found.kind}`)}${where ? ` — ${where}` : ''}${found.refId !== null ? ` #${found.refId}` : ''}`}
        secondary={translate('ledger.expectedActual', { expected: found.expected ?? '—', actual: found.actual ?? '—' })}
      />
    </ListItem>
  );
}

/**
 * Above the operator's asset flow: the books' check (GET /sys/ledger/verify) — "Books balance
 * as of …", or each break of the ledger's invariants. Other roles neither see it nor call it.
 */
export default function LedgerCheck() {
  const { roleIndex } = useSession();
  const operator = maskHas(masks.operator, roleIndex);
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useConsoleDataProvider();
  const check = useQuery({
    queryKey: consoleKey('ledgerVerify', useSession().selectedOrg?.orgId ?? null),
    queryFn: ({ signal }) => dataProvider.ledgerVerify({ signal }),
    enabled: operator,
    ...CONSOLE_QUERY,
  });
  if (!operator || check.isPending) return null;
  if (check.isError) {
    return (
      <Typography variant="body2" color="error" sx={{ px: 2, pt: 2 }} data-testid="ledger-check">
        {translate('ledger.checkFailed')}
      </Typography>
    );
  }
  const result = check.data;
  const asOf = format.dateTime(result.asOf, undefined, 'second');
  return (
    <Box sx={{ px: 2, pt: 2 }} data-testid="ledger-check">
      {result.balanced ? (
        <Alert severity="success">{translate('ledger.balanced', { time: asOf })}</Alert>
      ) : (
        <Alert severity="error">
          <AlertTitle>{translate('ledger.breaks', { n: result.breaks.length, time: asOf })}</AlertTitle>
          <List dense disablePadding>
            {result.breaks.map((found, index) => (
              <BreakLine key={index} found={found} />
            ))}
          </List>
        </Alert>
      )}
    </Box>
  );
}
