export { createAuthProvider } from './authProvider';
