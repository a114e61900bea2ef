import type { ChainRef } from '../session/selection';

/*
 * The network picker's list, apart from the console's methods: the start-up reads it before the
 * console chunk has loaded (src/startup/bootReads.ts), and importing consoleMethods there would put
 * every verb declaration and its schemas on the sign-in page's path.
 */
/** A chain as the chain selector lists it: the session's ChainRef. */
export type ChainChoice = ChainRef;

/** The chain selector's one page: every chain the org sees, by chain ID. */
export const CHAIN_CHOICES_QUERY = { page: 1, pageSize: 500, sort: 'chainId', order: 'asc' } as const;
