import { List, ListItem, ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LedgerBreak } from '../../contract/schemas/ledger';
import { useFormat } from '../../i18n/useFormat';
import { OperatorCheck } from '../../shell/OperatorCheck';

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
 * as of …", or each break of the ledger's invariants.
 */
export default function LedgerCheck() {
  const translate = useTranslate();
  const format = useFormat();
  return (
    <OperatorCheck
      check="ledgerVerify"
      testId="ledger-check"
      failed="ledger.checkFailed"
      verdict={(result) => {
        const time = format.dateTime(result.asOf, undefined, 'second');
        if (result.balanced) return { ok: true, title: translate('ledger.balanced', { time }) };
        return {
          ok: false,
          title: translate('ledger.breaks', { n: result.breaks.length, time }),
          details: (
            <List dense disablePadding>
              {result.breaks.map((found, index) => (
                <BreakLine key={index} found={found} />
              ))}
            </List>
          ),
        };
      }}
    />
  );
}
