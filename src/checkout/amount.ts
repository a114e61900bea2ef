import { amountProblem } from '../contract/money';
import type { FieldMessage } from '../contract/validation';
import { CheckoutError } from './api';

/**
 * The amount a payer enters on a pay link without one, checked as the server checks it
 * (POST /v1/pay/{code}/order, server/modules/checkout): a positive decimal string with at most the
 * currency's decimals. The message is a key of the `api` namespace the server's own refusal uses.
 */
export const payLinkAmountProblem = (value: string, decimals: number): FieldMessage | null => amountProblem(value, { decimals });

/**
 * What an amount field says is wrong: its own check once the payer left the field or submitted
 * (`touched`), else the server's refusal naming `amount` (already in the payer's language), if any.
 */
export function amountFieldError(
  problem: FieldMessage | null,
  touched: boolean,
  refusal: unknown,
  t: (key: string, params?: Record<string, unknown>) => string,
): string | undefined {
  if (touched && problem) return t(problem.key, problem.params);
  return refusal instanceof CheckoutError ? refusal.fields.amount : undefined;
}
