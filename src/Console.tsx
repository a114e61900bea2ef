import type { I18nProvider } from 'react-admin';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';

/** The console (react-admin) with browser-history routes (/network, not /#/network); loaded on demand by the start-up. */
export default function Console({ i18nProvider }: { i18nProvider: I18nProvider }) {
  return (
    <BrowserRouter>
      <App i18nProvider={i18nProvider} />
    </BrowserRouter>
  );
}
