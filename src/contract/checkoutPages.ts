import { CHECKOUT_PAGE_PATH } from './merchantOrder';
import { PAY_PAGE_PATH } from './payLink';

/**
 * Whether a path is one of the payer's pages (`/pay/<code>`, `/checkout/<code>`), which the server
 * and the development server answer with checkout.html, their own entry (docs/payments.md "The checkout pages").
 */
export const isCheckoutPage = (pathname: string): boolean =>
  [PAY_PAGE_PATH, CHECKOUT_PAGE_PATH].some((prefix) => pathname.startsWith(`${prefix}/`) && pathname.length > prefix.length + 1);
