export { session, useSession } from './store';
export { selectChain, selectOrg, type ChainRef } from './selection';
