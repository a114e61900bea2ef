import { compareDecimal } from './money';
import type { OrderState } from './schemas/merchantOrder';

/**
 * An order's state for its merchant and its payer (docs/payments.md "Order states"), from what is
 * stored and what arrived at its own address: the stored status says paid or failed; what arrived and
 * the clock say the rest. One function for the merchant API and the checkout page.
 */
/**
 * The stored status as it stands at `now`: an order's stored status stays pending after its expiry
 * (nothing rewrites it: the expiry sweep only announces it, docs/webhooks.md "Events"), so a pending
 * order past its expiry is expired. What the order repair reads too.
 */
export function storedStatusAt(order: { status: string; expiresAt: Date | null }, now: Date): string {
  return order.status === 'pending' && order.expiresAt !== null && order.expiresAt.getTime() <= now.getTime() ? 'expired' : order.status;
}

export function orderStateOf(order: { status: string; amount: string; received: string; expiresAt: Date | null }, now: Date): OrderState {
  const arrived = compareDecimal(order.received, '0') > 0;
  const enough = compareDecimal(order.received, order.amount) >= 0;
  if (order.status === 'paid') return compareDecimal(order.received, order.amount) > 0 ? 'overpaid' : 'paid';
  if (order.status === 'failed') return 'failed';
  if (storedStatusAt(order, now) === 'expired') return enough ? 'paid_late' : 'expired';
  return arrived ? 'underpaid' : 'pending';
}
