import type { ChainFamily } from '../../src/contract/address';
import { rememberedIn } from './changeFeedCache';
import type { ServerContext } from './serverContext';

/**
 * A network's family (EVM, TRON), remembered with the reference lists (server/http/changeFeedCache.ts):
 * checking an address needs it on every save, and a network's family changes only while nothing uses it.
 * undefined: no such network.
 */
export const chainFamily = (context: Pick<ServerContext, 'answers' | 'db' | 'now'>, chainId: number): Promise<ChainFamily | undefined> =>
  rememberedIn(context.answers, `chain.family:${chainId}`, context.now().getTime(), async () => {
    const chain = await context.db.selectFrom('chain').select('family').where('chainId', '=', chainId).executeTakeFirst();
    return chain?.family as ChainFamily | undefined;
  });
