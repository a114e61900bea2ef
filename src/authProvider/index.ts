export { createAuthProvider, type ActionMasks } from './authProvider';
export { reloadSession } from './reloadSession';
