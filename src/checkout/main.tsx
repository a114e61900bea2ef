import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { setCheckoutLanguage } from './api';
import { checkoutI18n, checkoutLanguage, initCheckoutI18n } from './i18n';
import { CheckoutApp } from './CheckoutApp';

/**
 * The payer's pages, `/pay/<code>` and `/checkout/<code>` (docs/payments.md "The checkout pages"): an entry of
 * their own (checkout.html, docs/DECISIONS.md "The checkout is an entry of its own"), so a payer
 * loads MUI, i18next and the few calls they make, never react-admin or the console's sign-in.
 */
setCheckoutLanguage(checkoutLanguage);
await initCheckoutI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={checkoutI18n}>
      <CheckoutApp />
    </I18nextProvider>
  </StrictMode>,
);
