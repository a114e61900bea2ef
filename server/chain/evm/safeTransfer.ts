import { encodeFunctionData, erc20Abi, getAddress, type Address } from 'viem';
import type { SafeTransaction } from './safe';
import { batchTransaction } from './safeBatch';

/** One payment out of a Safe: the native coin (token null) or an ERC-20, in the smallest unit. */
export interface Payment {
  to: Address;
  token: Address | null;
  amount: bigint;
}

const call = (payment: Payment) =>
  payment.token === null
    ? { to: getAddress(payment.to), value: payment.amount, data: '0x' as const }
    : {
        to: getAddress(payment.token),
        value: 0n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [getAddress(payment.to), payment.amount] }),
      };

/**
 * What a money proposal executes on a Safe (docs/chains.md "Multisig wallets are Safes"): the payment,
 * and a withdrawal's fee to the platform's fee wallet in the same transaction, so the owners sign
 * both at once and neither moves without the other.
 */
export const transferTransaction = (payments: readonly Payment[], nonce: bigint): SafeTransaction =>
  batchTransaction(payments.filter((p) => p.amount > 0n).map(call), nonce);
