/**
 * Why the console sent the user to the sign-in page (a 401 "login expired", a 403 "no
 * permission"). Leaving for /login is a full page load, which wipes the toast that said so;
 * the reason waits in this tab's session storage and the sign-in page shows it once.
 */
const KEY = 'signOutReason';

export function rememberSignOutReason(message: string): void {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    // Storage refused (private mode, quota): the toast already said it.
  }
}

/** The reason, read once: a later visit to /login starts clean. */
export function takeSignOutReason(): string | null {
  try {
    const message = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return message;
  } catch {
    return null;
  }
}

let leaving = false;

/**
 * Leaves for the sign-in page, once per page. A refused call (the HTTP client) and react-admin's
 * login slot both leave when a session ends, often in the same moment; a second navigation
 * aborts the first one mid-load. Replacing the entry keeps Back from returning to a page that
 * would only bounce to /login again.
 */
export function leaveForSignIn(): void {
  if (leaving) return;
  leaving = true;
  window.location.replace('/login');
}
