// First: requests the console's code before the packages below are evaluated (docs/console.md "The first load").
import './startup/earlyConsole';
import { StrictMode, type ReactNode } from 'react';
import { config as zodConfig } from 'zod/v4/core';
import { createRoot } from 'react-dom/client';
// The self-contained declarations' routes, guarded from the first page (src/resources/declared.ts).
import './resources/declared';
import { http, setErrorNotifier, setLanguageSource, setTranslator } from './http';
import { initI18n, currentLanguage, t } from './i18n/i18nProvider';
import { notifyError } from './shell/toast/toasts';
import { applyBrand, brandStore, loadBrand } from './shell/brand/brandStore';
import { createAuthProvider } from './authProvider/authProvider';
import { StorageKey } from './contract/constants';
import { withTimeout } from './shell/loading/withTimeout';
import { LoadingScreen } from './shell/loading/LoadingScreen';
import { ErrorPage } from './shell/errors/ErrorPage';
import { HomeLink } from './shell/errors/HomeLink';
import { takeSignOutReason } from './startup/signOutReason';
import { ConsoleLoadFailure } from './startup/ConsoleLoadFailure';
import LoginPage from './pages/login/LoginPage';
import { StartupFrame } from './startup/StartupFrame';
import { startupView } from './startup/startupView';
import type { SessionInfo } from './contract/schemas/auth';
import { startBootReads } from './startup/bootReads';

/**
 * The start-up: everything the sign-in page needs and nothing more (MUI, i18next, the
 * HTTP client). react-admin and the screens arrive in the console chunk, loaded after
 * sign-in or at once when a token is stored.
 */
// No eval in the browser: the Content-Security-Policy forbids it (docs/DECISIONS.md
// "Content-Security-Policy"), and zod would otherwise probe for it with `Function('')`, a
// violation, before its first object schema. The build sets it already at the top of zod's own
// chunk (vite.config.ts `banner`), since schemas of other chunks may be built before this line
// runs; this line covers the development server, which has no banner.
zodConfig({ jitless: true });
setTranslator(t);
setLanguageSource(currentLanguage);
setErrorNotifier(notifyError);
// The cached brand at once; the fresh one once the translations are in, so a failure's toast is in words.
applyBrand(brandStore.get());
const start = startupView(window.location.pathname, window.location.search, localStorage.getItem(StorageKey.token) !== null);
const loadConsole = withTimeout(() => import('./Console'));
// Opening the console: its code downloads while the translations load (docs/console.md "The first load").
const consoleLoad = start.view === 'console' ? loadConsole() : null;
consoleLoad?.catch(() => undefined);
// Translations first: every screen, the sign-in page included, renders in the detected language.
const i18nProvider = await initI18n();
void loadBrand(http);
// Signed in: the session and the chain list are read while the console's code is still arriving.
if (start.view === 'console' && localStorage.getItem(StorageKey.token) !== null) startBootReads(http);

const root = createRoot(document.getElementById('root')!);
const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);

async function showConsole(): Promise<void> {
  render(
    <StartupFrame>
      <LoadingScreen />
    </StartupFrame>,
  );
  try {
    const { default: Console } = await (consoleLoad ?? loadConsole());
    render(<Console i18nProvider={i18nProvider} />);
  } catch (error) {
    showChunkFailed(error);
  }
}

/** A chunk is gone (a new deployment) or timed out: say so and offer a reload, never a blank page; a declaration mistake says what it is. */
function showChunkFailed(error: unknown): void {
  console.error(error);
  render(
    <StartupFrame>
      <ConsoleLoadFailure error={error} />
    </StartupFrame>,
  );
}

function showSignIn(returnTo: string): void {
  if (window.location.pathname !== '/login') window.history.replaceState(null, '', '/login');
  const auth = createAuthProvider(http);
  const signIn = async (account: string, password: string, code?: string) => {
    const info = (await auth.login({ username: account, password, code })) as SessionInfo;
    // An org that requires a second factor the user lacks refuses everything but enrolment: straight to /account.
    const mustEnrol = info.twoFactor?.required === true && !info.twoFactor.enrolled;
    window.history.replaceState(null, '', mustEnrol ? '/account' : returnTo);
    await showConsole();
  };
  render(
    <StartupFrame>
      <LoginPage signIn={signIn} notice={takeSignOutReason()} />
    </StartupFrame>,
  );
}

/** Signed out on a path no route knows: not-found, without loading the console. */
function showNotFound(): void {
  render(
    <StartupFrame>
      <ErrorPage code="404" titleKey="page.notFoundTitle" textKey="page.notFound" actions={<HomeLink />} />
    </StartupFrame>,
  );
}

const loadSignUp = withTimeout(() => import('./pages/signup/SignUpPage'));

async function showSignUp(): Promise<void> {
  render(
    <StartupFrame>
      <LoadingScreen />
    </StartupFrame>,
  );
  try {
    const { default: SignUpPage } = await loadSignUp();
    const onSignedUp = async () => {
      window.history.replaceState(null, '', '/home');
      await showConsole();
    };
    render(
      <StartupFrame>
        <SignUpPage onSignedUp={onSignedUp} />
      </StartupFrame>,
    );
  } catch (error) {
    showChunkFailed(error);
  }
}

if (start.view === 'signIn') showSignIn(start.returnTo);
else if (start.view === 'signUp') void showSignUp();
else if (start.view === 'notFound') showNotFound();
else void showConsole();
