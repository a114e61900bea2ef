import { z } from 'zod';
import { chainIdField } from './chain';

/** One currency waiting at a merchant's order addresses on one chain, and where a sweep would put it. */
export const sweepWaiting = z.object({
  chainId: z.number(),
  chainName: z.string(),
  currencyId: z.number(),
  symbol: z.string(),
  /** What the books say the order addresses hold of it, less what is on its way out (a decimal string). */
  amount: z.string(),
  /** How many order addresses hold some. */
  addresses: z.number(),
  /** The org's hot wallet on the chain a sweep collects into; null: none, so nothing can be collected there. */
  into: z.object({ walletId: z.number(), label: z.string(), address: z.string() }).nullable(),
});
export type SweepWaiting = z.output<typeof sweepWaiting>;

/** GET /sys/order-sweep/pending: what waits at the selected org's order addresses, per chain and currency. */
export const sweepPendingView = z.object({ list: z.array(sweepWaiting) });
export type SweepPendingView = z.output<typeof sweepPendingView>;

/** Body of POST /sys/order-sweep/run: collect on this chain. */
export const sweepRunBody = z.object({ chainId: chainIdField });
export type SweepRunBody = z.output<typeof sweepRunBody>;

/** What one run did: the addresses collected, those that could not be (and why), those left for the next run. */
export const sweepRunView = z.object({
  /** Order addresses whose money is now in the hot wallet. */
  collected: z.number(),
  /** Order addresses the chain refused or that failed (the money stays where it was); `reasons` says why, in words. */
  failed: z.number(),
  reasons: z.array(z.string()),
  /** Order addresses whose transactions were sent and are not booked yet (the resume books them). */
  sending: z.number(),
  /** Order addresses beyond this run's batch: the next run collects them. */
  remaining: z.number(),
  /** The transfers this run recorded: the gas top-ups and the collections (each a movement of kind transfer). */
  movementIds: z.array(z.number()),
});
export type SweepRunView = z.output<typeof sweepRunView>;
