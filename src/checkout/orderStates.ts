import type { OrderState } from '../contract/schemas/merchantOrder';

/**
 * What the checkout page says of each order state (docs/payments.md "Order states"). A final state
 * never changes again: the page stops asking once it shows one.
 */
export const FINAL_STATES: ReadonlySet<OrderState> = new Set(['paid', 'overpaid', 'expired', 'paid_late', 'failed']);

export const isFinalState = (state: OrderState) => FINAL_STATES.has(state);

/** The state's words (literal keys, so the key checks find each one). */
export const STATE_LABEL: Record<OrderState, string> = {
  pending: 'checkout.state.pending',
  underpaid: 'checkout.state.underpaid',
  paid: 'checkout.state.paid',
  overpaid: 'checkout.state.overpaid',
  expired: 'checkout.state.expired',
  paid_late: 'checkout.state.paid_late',
  failed: 'checkout.state.failed',
};

/** A sentence for the payer under the state: what happened and what to do now. */
export const STATE_TEXT: Record<OrderState, string> = {
  pending: 'checkout.stateText.pending',
  underpaid: 'checkout.stateText.underpaid',
  paid: 'checkout.stateText.paid',
  overpaid: 'checkout.stateText.overpaid',
  expired: 'checkout.stateText.expired',
  paid_late: 'checkout.stateText.paid_late',
  failed: 'checkout.stateText.failed',
};

/** MUI's colour for the state's chip. */
export const STATE_COLOUR: Record<OrderState, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  pending: 'info',
  underpaid: 'warning',
  paid: 'success',
  overpaid: 'success',
  expired: 'error',
  paid_late: 'warning',
  failed: 'error',
};
