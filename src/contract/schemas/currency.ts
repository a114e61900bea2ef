import { z } from 'zod';
import { amountProblem } from '../money';
import { chainIdField, tickerSymbol } from './chain';
import { idList, listQuery, queryBoolean, recordId } from './listQuery';
import { isoInstant } from './response';

export const MAX_DECIMALS = 36;

/** A fee or minimum: a decimal string ≥ 0; its decimals are checked against the currency's below. */
const configAmount = z.custom<string>().superRefine((value, ctx) => {
  const problem = amountProblem(value, { decimals: MAX_DECIMALS, allowZero: true });
  if (problem) ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params, input: value });
});

/** Native coins have no contract: null, absent and '' all mean "native". */
const contractAddress = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((value) => (value ? value : null));

export const currencyFields = {
  symbol: tickerSymbol,
  name: z.string().trim().min(1, { error: 'validation.required' }).max(64),
  chainId: chainIdField,
  contractAddress,
  decimals: z.number().int({ error: 'validation.integer' }).min(0).max(MAX_DECIMALS),
  legalTender: z.string().trim().min(1, { error: 'validation.required' }).max(8),
  minDeposit: configAmount,
  minWithdraw: configAmount,
  withdrawFee: configAmount,
  enabled: z.boolean(),
};
const currencyObject = z.object(currencyFields);

export const AMOUNT_FIELDS = ['minDeposit', 'minWithdraw', 'withdrawFee'] as const;

/** Amounts finer than the currency's smallest unit cannot be paid out, so they are refused. */
const amountsFitDecimals = (currency: { decimals: number } & Record<(typeof AMOUNT_FIELDS)[number], string>, ctx: z.RefinementCtx) => {
  for (const field of AMOUNT_FIELDS) {
    const problem = amountProblem(currency[field], { decimals: currency.decimals, allowZero: true });
    if (problem) ctx.addIssue({ code: 'custom', path: [field], message: problem.key, params: problem.params, input: currency[field] });
  }
};

/**
 * A whole currency: body of POST /sys/currency/save, and what an update must add up
 * to once merged with the stored record. The contract address is checked per chain
 * family with `checkAddress` (src/contract/address.ts) once the chain is known.
 */
export const currencyBody = z.object({ ...currencyFields, enabled: currencyFields.enabled.default(true) }).superRefine(amountsFitDecimals);
export type CurrencyBody = z.infer<typeof currencyBody>;

/** Body of POST /sys/currency/update: the id plus the fields that change. */
export const currencyUpdateBody = z.object({ id: recordId, ...currencyObject.partial().shape });
export type CurrencyUpdateBody = z.infer<typeof currencyUpdateBody>;

export const currencySortable = ['id', 'symbol', 'name', 'chainId', 'decimals', 'legalTender', 'enabled', 'createdAt'] as const;

export const currencyListQuery = listQuery(currencySortable, {
  chainId: z.coerce.number().int().positive().optional(),
  symbol: z.string().trim().max(16).optional(),
  enabled: queryBoolean.optional(),
  ids: idList.optional(),
});
export type CurrencyListQuery = z.infer<typeof currencyListQuery>;

export const symbolAvailableQuery = z.object({ chainId: z.coerce.number({ error: 'validation.invalidId' }).int().positive() });

/** A well-known token: its usual name and decimals (on Ethereum; a chain may differ, so the form keeps them editable). */
export const knownSymbol = z.object({ symbol: z.string(), name: z.string(), decimals: z.number() });
export type KnownSymbol = z.output<typeof knownSymbol>;

/**
 * Well-known symbols a new currency is usually one of; the console offers those not
 * yet on the chain (GET /sys/currency/symbol/available) and fills name and decimals from
 * the one picked. Any other symbol may be typed.
 */
export const WELL_KNOWN_SYMBOLS: readonly KnownSymbol[] = [
  { symbol: 'ETH', name: 'Ether', decimals: 18 },
  { symbol: 'USDT', name: 'Tether USD', decimals: 6 },
  { symbol: 'USDC', name: 'USD Coin', decimals: 6 },
  { symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18 },
  { symbol: 'WBTC', name: 'Wrapped Bitcoin', decimals: 8 },
  { symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 },
  { symbol: 'TRX', name: 'Tronix', decimals: 6 },
  { symbol: 'BNB', name: 'BNB', decimals: 18 },
  { symbol: 'BUSD', name: 'Binance USD', decimals: 18 },
  { symbol: 'FDUSD', name: 'First Digital USD', decimals: 18 },
  { symbol: 'TUSD', name: 'TrueUSD', decimals: 18 },
  { symbol: 'USDD', name: 'Decentralized USD', decimals: 18 },
  { symbol: 'PYUSD', name: 'PayPal USD', decimals: 6 },
  { symbol: 'EURC', name: 'Euro Coin', decimals: 6 },
  { symbol: 'POL', name: 'Polygon Ecosystem Token', decimals: 18 },
  { symbol: 'LINK', name: 'Chainlink', decimals: 18 },
  { symbol: 'UNI', name: 'Uniswap', decimals: 18 },
  { symbol: 'AAVE', name: 'Aave', decimals: 18 },
  { symbol: 'SHIB', name: 'Shiba Inu', decimals: 18 },
  { symbol: 'BTT', name: 'BitTorrent', decimals: 18 },
];

export const legalTenderRecord = z.object({ code: z.string(), name: z.string() });
export type LegalTenderRecord = z.output<typeof legalTenderRecord>;

/** A currency as the API returns it; amounts are decimal strings (docs/ledger.md). */
export const currencyRecord = z.object({
  id: z.number(),
  symbol: z.string(),
  name: z.string(),
  chainId: z.number(),
  contractAddress: z.string().nullable(),
  decimals: z.number(),
  legalTender: z.string(),
  minDeposit: z.string(),
  minWithdraw: z.string(),
  withdrawFee: z.string(),
  enabled: z.boolean(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
});
export type CurrencyRecord = z.output<typeof currencyRecord>;
/** What the server hands the schema: its instants are Dates (Kysely's rows). */
export type CurrencyRecordInput = z.input<typeof currencyRecord>;
