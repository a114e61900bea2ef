export { createAuthProvider, type ActionMasks } from './authProvider';
