import { useEffect } from 'react';
import { LoadingScreen } from '../shell/loading/LoadingScreen';
import { leaveForSignIn } from './signOutReason';

/**
 * react-admin's login page slot. Signing in happens in the start-up's own page, so the
 * console (after a logout or an expired session) reloads to /login: the new page starts
 * with nothing of the previous user's cached data in memory.
 */
export function LeaveForSignIn() {
  useEffect(leaveForSignIn, []);
  return <LoadingScreen />;
}
