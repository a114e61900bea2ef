import { ROUTES } from '../access/routeTable';

export type StartupView = { view: 'signIn'; returnTo: string } | { view: 'signUp' } | { view: 'console' };

const HOME = '/home';

/** A path behind sign-in: `/` and every guarded route with its sub-paths. */
const isGuarded = (pathname: string) => pathname === '/' || ROUTES.some((r) => pathname === r.path || pathname.startsWith(`${r.path}/`));

/**
 * What the start-up renders. /login, and a guarded path without a stored token, get the
 * small sign-in page (react-admin is not needed to sign in: the login budget); /signup its
 * sign-up page (a chunk of its own: it validates with the shared schema); everything
 * else loads the console, which also serves the public pages and not-found. After signing
 * in the user lands where they were going (a deep link survives), else on /home.
 */
export function startupView(pathname: string, search: string, hasToken: boolean): StartupView {
  if (pathname === '/login') return { view: 'signIn', returnTo: HOME };
  if (pathname === '/signup') return { view: 'signUp' };
  if (!hasToken && isGuarded(pathname)) return { view: 'signIn', returnTo: pathname === '/' ? HOME : `${pathname}${search}` };
  return { view: 'console' };
}
