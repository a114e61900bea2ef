import { Alert, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { compareDecimal, isDecimalString } from '../../contract/money';
import { addDecimal } from '../../contract/policy';
import type { MovementQuote as Quote } from '../../contract/schemas/movement';
import { CONSOLE_QUERY, consoleKey, useConsoleDataProvider, useSelectedOrgId } from '../../shell/consoleQuery';
import type { ResourceViewProps } from '../engine/types';

/** What the amount takes from the wallet in the moved currency: amount and fee, and the gas too when the currency is the native coin. */
function needed(quote: Quote, amount: string): string {
  const withFee = addDecimal(amount, quote.fee);
  return quote.gas.symbol === quote.symbol ? addDecimal(withFee, quote.gas.amount) : withFee;
}

/** What the typed amount runs into, as translated warnings: over the spendable balance, short of gas, below a withdrawal's minimum. */
function warnings(quote: Quote, amount: unknown, translate: ReturnType<typeof useTranslate>): string[] {
  const found: string[] = [];
  const typed = isDecimalString(amount) ? amount : null;
  if (typed !== null && compareDecimal(needed(quote, typed), quote.available) > 0) {
    found.push(
      translate('resources.movement.quote.overBalance', { needed: needed(quote, typed), available: quote.available, symbol: quote.symbol }),
    );
  }
  if (quote.gas.symbol !== quote.symbol && compareDecimal(quote.gas.amount, quote.gas.available) > 0) {
    found.push(
      translate('resources.movement.quote.overGas', { gas: quote.gas.amount, available: quote.gas.available, symbol: quote.gas.symbol }),
    );
  }
  if (typed !== null && quote.minAmount !== null && compareDecimal(typed, quote.minAmount) < 0) {
    found.push(translate('resources.movement.quote.belowMinimum', { min: quote.minAmount, symbol: quote.symbol }));
  }
  return found;
}

/**
 * Below a money-moving form, before saving (docs/DECISIONS.md "Balance and fee on the movement
 * forms"): the chosen wallet's spendable balance of the chosen currency, the fee charged on top
 * and the network fee, from GET /sys/movement/quote; and, as the amount is typed, whether it fits.
 * Only a hint: the server checks again when it is saved, on locked balances, and decides.
 */
export function MovementQuotePanel({ kind }: { kind: string | undefined }) {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const orgId = useSelectedOrgId();
  const [walletId, symbol, amount] = useWatch({ name: ['walletId', 'symbol', 'amount'] }) as [unknown, unknown, unknown];
  const id = Number(walletId);
  const asked =
    walletId != null && Number.isInteger(id) && id > 0 && typeof symbol === 'string' && symbol !== '' && kind
      ? { kind, walletId: id, symbol }
      : null;
  const { data: quote } = useQuery({
    queryKey: consoleKey('movementQuote', orgId, asked),
    queryFn: ({ signal }) => dataProvider.movementQuote({ ...(asked as NonNullable<typeof asked>), signal }),
    enabled: asked !== null,
    ...CONSOLE_QUERY,
  });
  if (!asked || !quote) return null;
  const found = warnings(quote, amount, translate);
  return (
    <Box sx={{ width: '100%', maxWidth: 560, mt: 1, mb: 2 }} data-testid="movement-quote">
      <Typography variant="body2">
        {translate('resources.movement.quote.available', { amount: quote.available, symbol: quote.symbol })}
      </Typography>
      <Typography variant="body2">
        {quote.minAmount === null
          ? translate('resources.movement.quote.noFee')
          : translate('resources.movement.quote.fee', { fee: quote.fee, symbol: quote.symbol, min: quote.minAmount })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('resources.movement.quote.gas', { gas: quote.gas.amount, symbol: quote.gas.symbol, available: quote.gas.available })}
      </Typography>
      {found.map((text) => (
        <Alert key={text} severity="warning" sx={{ mt: 1 }} data-testid="movement-quote-warning">
          {text}
        </Alert>
      ))}
    </Box>
  );
}

/** The generated movement forms' `create.formPart`: the kind is the screen's scope (/withdraw, /transfer…). */
export default function MovementQuote({ definition }: ResourceViewProps) {
  return <MovementQuotePanel kind={definition.scope.kind} />;
}
