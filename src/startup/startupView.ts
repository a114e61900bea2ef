import { guardedRoutes, PUBLIC_ROUTES } from '../access/routeTable';

export type StartupView = { view: 'signIn'; returnTo: string } | { view: 'signUp' } | { view: 'console' } | { view: 'notFound' };

const HOME = '/home';

/** A path behind sign-in: `/` and every guarded route with its sub-paths. */
const isGuarded = (pathname: string) =>
  pathname === '/' || guardedRoutes().some((r) => pathname === r.path || pathname.startsWith(`${r.path}/`));

/**
 * What the start-up renders. /login, and a guarded path without a stored token, get the
 * small sign-in page (react-admin is not needed to sign in: the login budget); /signup its
 * sign-up page (a chunk of its own: it validates with the shared schema); a path no route
 * knows is not-found at once when signed out (react-admin's catch-all sits behind its auth
 * check, which would send it to /login); everything else loads the console, which also
 * serves the public pages and, signed in, not-found inside its layout. After signing in the
 * user lands where they were going (a deep link survives), else on /home.
 */
export function startupView(pathname: string, search: string, hasToken: boolean): StartupView {
  if (pathname === '/login') return { view: 'signIn', returnTo: HOME };
  if (pathname === '/signup') return { view: 'signUp' };
  if (!hasToken && isGuarded(pathname)) return { view: 'signIn', returnTo: pathname === '/' ? HOME : `${pathname}${search}` };
  if (!hasToken && !PUBLIC_ROUTES.includes(pathname)) return { view: 'notFound' };
  return { view: 'console' };
}
