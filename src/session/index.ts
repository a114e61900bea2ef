export { session, useSession, type SessionState } from './store';
export { selectChain, selectOrg, type ChainRef } from './selection';
