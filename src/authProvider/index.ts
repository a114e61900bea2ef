export { createAuthProvider } from './authProvider';
export { reloadSession } from './reloadSession';
