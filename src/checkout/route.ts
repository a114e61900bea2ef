import { useSyncExternalStore } from 'react';
import { CHECKOUT_PAGE_PATH } from '../contract/merchantOrder';
import { PAY_PAGE_PATH } from '../contract/payLink';

/** Which of the payer's pages a path is (docs/payments.md "The checkout pages"), with its code. */
export type CheckoutRoute = { page: 'pay'; code: string } | { page: 'checkout'; code: string } | { page: 'notFound' };

export function checkoutRoute(pathname: string): CheckoutRoute {
  for (const [prefix, page] of [
    [PAY_PAGE_PATH, 'pay'],
    [CHECKOUT_PAGE_PATH, 'checkout'],
  ] as const) {
    const match = new RegExp(`^${prefix}/([^/]+)/?$`).exec(pathname);
    if (match) {
      try {
        return { page, code: decodeURIComponent(match[1]) };
      } catch {
        return { page: 'notFound' };
      }
    }
  }
  return { page: 'notFound' };
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', notify);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', notify);
  };
}

/** The current path, following the history (back and forward too). */
export const usePathname = () => useSyncExternalStore(subscribe, () => window.location.pathname);

/** Goes to another of the payer's pages without loading the entry again. */
export function navigate(path: string): void {
  window.history.pushState(null, '', path);
  notify();
}
