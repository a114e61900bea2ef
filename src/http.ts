import { createHttpClient } from './dataProvider/httpClient';
import { StorageKey } from './contract/constants';
import { session } from './session';
import { leaveForSignIn, rememberSignOutReason } from './startup/signOutReason';
import { stepUpPrompt } from './shell/stepUp/stepUpPrompt';

/**
 * The app's single HTTP client, shared by the sign-in page and the console. What it needs
 * from the shell (toasts, translation, language) is plugged in with the setters below, so
 * this file imports no UI.
 */
type Notifier = (message: string) => void;
type Translator = (key: string, params?: Record<string, unknown>) => string;

let notify: Notifier = (message) => console.error(message);
let translate: Translator = (key) => key;
let language: () => string = () => localStorage.getItem(StorageKey.language) ?? navigator.language ?? 'en-US';

export const setErrorNotifier = (fn: Notifier) => (notify = fn);
export const setTranslator = (fn: Translator) => (translate = fn);
export const setLanguageSource = (fn: () => string) => (language = fn);

export const http = createHttpClient({
  baseUrl: import.meta.env.VITE_API_BASE ?? undefined,
  getToken: () => localStorage.getItem(StorageKey.token),
  getLanguage: () => language(),
  getOrgId: () => {
    const org = session.get().selectedOrg;
    return org ? String(org.orgId) : null;
  },
  translate: (key, params) => translate(key, params),
  notifyError: (message) => notify(message),
  onAuthFailure: (message) => {
    session.clear();
    // On /login itself (a wrong password) the toast is enough: nothing reloads it away.
    if (window.location.pathname === '/login') return;
    rememberSignOutReason(message);
    leaveForSignIn();
  },
  // The dialog in the layout asks for the code; on the sign-in page nobody asks and the call fails.
  stepUp: () => stepUpPrompt.ask(),
  // Enrolment happens on /account, the one page such a member can use; there the card says why.
  onEnrolmentRequired: () => {
    if (window.location.pathname !== '/account') window.location.assign('/account');
  },
});
