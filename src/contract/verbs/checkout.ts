import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import {
  checkoutOrder,
  checkoutPayLink,
  faucetAnswer,
  faucetBody,
  payLinkOrderAnswer,
  payLinkOrderBody,
  simulatePaymentAnswer,
  simulatePaymentBody,
} from '../schemas/checkout';

/** The payer's side (docs/payments.md "Checkout"): public, by the order's or the link's code. */
export const checkoutVerbs = defineVerbs({
  order: {
    method: 'GET',
    path: ApiPath.checkout.order,
    summary: 'An order as its payer sees it, by its checkout code',
    access: 'public',
    response: checkoutOrder,
  },
  payLink: {
    method: 'GET',
    path: ApiPath.checkout.payLink,
    summary: 'A pay link as its payer sees it',
    access: 'public',
    response: checkoutPayLink,
  },
  payLinkOrder: {
    method: 'POST',
    path: ApiPath.checkout.payLinkOrder,
    summary: 'Start paying a pay link: an order with its own address',
    access: 'public',
    body: payLinkOrderBody,
    response: payLinkOrderAnswer,
  },
  faucet: {
    method: 'POST',
    path: ApiPath.checkout.faucet,
    summary: 'Devnet mode: test coins for paying this order',
    access: 'public',
    body: faucetBody,
    response: faucetAnswer,
  },
  simulatePayment: {
    method: 'POST',
    path: ApiPath.checkout.simulatePayment,
    summary: 'Devnet mode, a simulated network (TRON): a simulated payment into this order’s address',
    access: 'public',
    body: simulatePaymentBody,
    response: simulatePaymentAnswer,
  },
});
