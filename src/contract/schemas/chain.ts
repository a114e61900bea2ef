import { z } from 'zod';
import { CHAIN_FAMILIES } from '../address';
import { listQuery, queryBoolean, recordId } from './listQuery';
import { isoInstant } from './response';

export const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** An absolute http(s) URL (RPC endpoints, block explorers, brand images). */
export const httpUrl = z
  .string({ error: 'validation.url' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(512)
  .refine(isHttpUrl, { error: 'validation.url' });

/** Ticker symbols: capitals and digits, as exchanges and explorers print them. */
export const tickerSymbol = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{1,16}$/, { error: 'validation.symbol' });

/** EIP-155 chain ids are positive integers; JSON numbers stay exact below 2^53. */
export const chainIdField = z
  .number()
  .max(Number.MAX_SAFE_INTEGER)
  .int({ error: 'validation.integer' })
  .positive({ error: 'validation.invalidId' });

/** Fields of a chain (network) as the console's form and POST /sys/chain/save send them. */
export const chainFields = {
  chainId: chainIdField,
  name: z.string().trim().min(1, { error: 'validation.required' }).max(64),
  family: z.enum(CHAIN_FAMILIES),
  symbol: tickerSymbol,
  rpcUrl: httpUrl,
  explorerUrl: httpUrl,
  confirmations: z.number().int({ error: 'validation.integer' }).min(0).max(1000),
  isDefault: z.boolean(),
  enabled: z.boolean(),
};

/** Body of POST /sys/chain/save. The first chain ever saved becomes the default whatever isDefault says. */
export const chainBody = z.object({
  ...chainFields,
  isDefault: chainFields.isDefault.default(false),
  enabled: chainFields.enabled.default(true),
});
export type ChainBody = z.infer<typeof chainBody>;

/** Body of POST /sys/chain/update: the id plus the fields that change. */
export const chainUpdateBody = z.object({ id: recordId, ...z.object(chainFields).partial().shape });
export type ChainUpdateBody = z.infer<typeof chainUpdateBody>;

export const chainSortable = ['id', 'chainId', 'name', 'family', 'symbol', 'confirmations', 'isDefault', 'enabled', 'createdAt'] as const;

export const chainListQuery = listQuery(chainSortable, {
  name: z.string().trim().max(64).optional(),
  family: z.enum(CHAIN_FAMILIES).optional(),
  enabled: queryBoolean.optional(),
  chainId: z.coerce.number().int().positive().optional(),
});
export type ChainListQuery = z.infer<typeof chainListQuery>;

/**
 * Where a chain's transactions happen (docs/chains.md "Modes"): 'rpc' a real network, which its
 * explorer sees; 'devnet' the embedded chain and 'simulated' (TRON) the books alone, which no public
 * explorer sees, so the console links their addresses and hashes to its own screens.
 */
export const CHAIN_MODES = ['devnet', 'rpc', 'simulated'] as const;
export type ChainMode = (typeof CHAIN_MODES)[number];

/** A chain as the API returns it. */
export const chainRecord = z.object({
  id: z.number(),
  chainId: z.number(),
  name: z.string(),
  family: z.enum(CHAIN_FAMILIES),
  symbol: z.string(),
  rpcUrl: z.string(),
  explorerUrl: z.string(),
  confirmations: z.number(),
  isDefault: z.boolean(),
  enabled: z.boolean(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
  /** Set by the server from CHAIN_MODE and the family; never stored. */
  mode: z.enum(CHAIN_MODES),
});
export type ChainRecord = z.output<typeof chainRecord>;
/** What the server hands the schema: its instants are Dates (Kysely's rows). */
export type ChainRecordInput = z.input<typeof chainRecord>;
/** A chain row as the database holds it: the record's input without its mode. */
export type ChainRow = Omit<ChainRecordInput, 'mode'>;
