import { payLinkPath } from '../../contract/payLink';

/** The full URL a payer opens (and the QR code holds) for a link's code, on the platform's origin. */
export const payLinkUrl = (code: string, origin = window.location.origin): string => new URL(payLinkPath(code), origin).toString();
