/**
 * The console's code requested before the start-up's own code runs (docs/console.md "The first load"):
 * main.tsx imports this module first and vite.config.ts gives it a chunk of its own that imports nothing (Vite's
 * preload helper lands in it), so the browser evaluates it before the start-up's packages (~0.3 s of script on
 * a busy machine) and the console's ~0.9 MB download overlaps that. Only where the start-up will open
 * the console with a stored token (src/startup/startupView.ts: every path but /login and /signup); the
 * start-up's own `import('./Console')` joins this request (the browser's module map). Nothing is
 * imported here, the storage key included: an import would put the start-up's packages before it.
 */
export const EARLY_TOKEN_KEY = 'token';
const SIGNED_OUT_PAGES = ['/login', '/signup'];

export const earlyConsole =
  localStorage.getItem(EARLY_TOKEN_KEY) !== null && !SIGNED_OUT_PAGES.includes(window.location.pathname) ? import('../Console') : null;
// A failure is the start-up's to show, through its own import of the same module.
earlyConsole?.catch(() => undefined);
