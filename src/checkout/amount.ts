import { amountProblem } from '../contract/money';
import type { FieldMessage } from '../contract/validation';

/**
 * The amount a payer enters on a pay link without one, checked as the server checks it
 * (POST /v1/pay/{code}/order, server/modules/checkout): a positive decimal string with at most the
 * currency's decimals. The message is a key of the `api` namespace the server's own refusal uses.
 */
export const payLinkAmountProblem = (value: string, decimals: number): FieldMessage | null => amountProblem(value, { decimals });
