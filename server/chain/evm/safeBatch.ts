import { concatHex, encodeFunctionData, encodePacked, getAddress, isAddressEqual, parseAbi, type Address, type Hex } from 'viem';
import { governanceCall, SAFE_ADDRESSES, safeTransaction, type SafeTransaction } from './safe';

const multiSendAbi = parseAbi(['function multiSend(bytes transactions) payable']);

/**
 * A governance change as one Safe transaction (docs/chains.md "Multisig wallets are Safes"): from the
 * Safe's owners and threshold now to the ones asked, as calls of the Safe to itself (add the new
 * owners, remove the old ones, set the threshold), batched through MultiSendCallOnly. Every step keeps
 * the Safe valid (a threshold never above the owners left), and the whole batch needs the threshold
 * in force when it is executed.
 */
export function governanceTransaction(
  safe: Address,
  owners: readonly Address[],
  threshold: number,
  newOwners: readonly Address[],
  newThreshold: number,
  nonce: bigint,
): SafeTransaction {
  const target = newOwners.map((o) => getAddress(o));
  const list = owners.map((o) => getAddress(o));
  let current = threshold;
  const calls: Hex[] = [];
  for (const owner of target) {
    if (list.some((o) => isAddressEqual(o, owner))) continue;
    calls.push(governanceCall.addOwner(owner, current));
    // The Safe puts a new owner at the head of its list.
    list.unshift(owner);
  }
  for (const owner of [...list]) {
    if (target.some((o) => isAddressEqual(o, owner))) continue;
    const remaining = list.length - 1;
    const lowered = Math.min(current, remaining);
    calls.push(governanceCall.removeOwner(list, owner, lowered));
    list.splice(list.indexOf(owner), 1);
    current = lowered;
  }
  if (current !== newThreshold) calls.push(governanceCall.changeThreshold(newThreshold));
  if (calls.length === 0) throw new Error('no governance change: the Safe already has these owners and this threshold');
  return batchTransaction(
    calls.map((data) => ({ to: safe, value: 0n, data })),
    nonce,
  );
}

/** One call as it is; several as one MultiSendCallOnly batch (a delegate call: the calls are the Safe's own). */
export function batchTransaction(calls: ReadonlyArray<{ to: Address; value: bigint; data: Hex }>, nonce: bigint): SafeTransaction {
  if (calls.length === 0) throw new Error('a Safe transaction needs a call');
  if (calls.length === 1) return safeTransaction(calls[0].to, calls[0].value, calls[0].data, nonce);
  const packed = concatHex(
    calls.map((c) =>
      encodePacked(
        ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
        [0, getAddress(c.to), c.value, BigInt((c.data.length - 2) / 2), c.data],
      ),
    ),
  );
  return {
    ...safeTransaction(
      SAFE_ADDRESSES.multiSendCallOnly,
      0n,
      encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [packed] }),
      nonce,
    ),
    operation: 1,
  };
}
