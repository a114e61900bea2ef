import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { setErrorNotifier, setTranslator } from './api';
import { translateKey } from './shell/i18nProvider';
import { notifyError } from './shell/toast';
import { loadBrand } from './shell/brand';

setTranslator(translateKey);
setErrorNotifier(notifyError);
void loadBrand();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Browser-history routes (/network, not /#/network): react-admin uses the router it finds. */}
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
