import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { setErrorNotifier, setLanguageSource, setTranslator } from './api';
import { initI18n, currentLanguage, t } from './i18n';
import { notifyError } from './shell/toast';
import { loadBrand } from './shell/brand';

setTranslator(t);
setLanguageSource(currentLanguage);
setErrorNotifier(notifyError);
void loadBrand();
// Translations first: every screen, the login page included, renders in the detected language.
const i18nProvider = await initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Browser-history routes (/network, not /#/network): react-admin uses the router it finds. */}
    <BrowserRouter>
      <App i18nProvider={i18nProvider} />
    </BrowserRouter>
  </StrictMode>,
);
