import { API_BASE } from '../contract/constants';
import { ApiPath } from '../contract/apiPaths';
import { BodyCode, type Envelope } from '../contract/envelope';
import type { CheckoutOrderInput, CheckoutPayLink, PayLinkOrderBody } from '../contract/schemas/checkout';
import type { StoredBrand } from '../contract/schemas/brand';

/**
 * The checkout pages' few calls (docs/payments.md "The checkout pages"): public, no session, no org, never
 * through the console's HTTP client (which signs out, asks for a second factor and toasts, none of
 * which a payer has). Each answer is the envelope (docs/api.md); a body code other than 200 is a
 * CheckoutError with the server's own words, already in the payer's language (Accept-Language).
 */

/** The order as the checkout reads it: `now`, `expiresAt` and `paidAt` as the JSON carries them. */
export type CheckoutOrderView = Omit<CheckoutOrderInput, 'now' | 'expiresAt' | 'paidAt'> & {
  now: string;
  expiresAt: string | null;
  paidAt: string | null;
};

export class CheckoutError extends Error {
  constructor(
    message: string,
    readonly code: number,
    /** A refusal's per-field messages (a 400's `data`), when it has them. */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

let language = () => 'en-US';
/** The language the pages speak, for Accept-Language (set once i18next has decided it). */
export const setCheckoutLanguage = (source: () => string) => (language = source);

const withCode = (path: string, code: string) => path.replace('{code}', encodeURIComponent(code));

async function call<T>(path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        accept: 'application/json',
        'accept-language': language(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new CheckoutError('', 0);
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new CheckoutError('', response.status);
  }
  if (envelope.code !== BodyCode.ok) {
    const data = envelope.data as unknown;
    const fields =
      data && typeof data === 'object' && !Array.isArray(data)
        ? Object.fromEntries(Object.entries(data).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
        : {};
    throw new CheckoutError(envelope.msg, envelope.code, fields);
  }
  return envelope.data;
}

export const checkoutApi = {
  order: (code: string) => call<CheckoutOrderView>(withCode(ApiPath.checkout.order, code)),
  payLink: (code: string) => call<CheckoutPayLink>(withCode(ApiPath.checkout.payLink, code)),
  startOrder: (code: string, body: PayLinkOrderBody) => call<{ checkoutCode: string }>(withCode(ApiPath.checkout.payLinkOrder, code), body),
  faucet: (code: string, address: string) => call<{ txHashes: string[] }>(withCode(ApiPath.checkout.faucet, code), { address }),
  simulatePayment: (code: string, amount: string) => call<{ txHash: string }>(withCode(ApiPath.checkout.simulatePayment, code), { amount }),
  /** The brand's name and logo (public: the server's start-up probe reads it without a session too). */
  brand: () => call<Partial<StoredBrand> | null>(ApiPath.brand.get),
};
