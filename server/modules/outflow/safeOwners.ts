import { decodeFunctionData, getAddress, hexToBigInt, isAddressEqual, parseAbi, size, sliceHex, type Address, type Hex } from 'viem';
import { SAFE_ADDRESSES, safeAbi } from '../../chain/evm/safe';
import type { SafeOwners, StoredSafeTransaction } from '../../db/schema';

const multiSendAbi = parseAbi(['function multiSend(bytes transactions) payable']);

/**
 * A Safe's owners and threshold once a Safe transaction ran (docs/chains.md "Governance on a Safe"):
 * its calls of the Safe to itself (`addOwnerWithThreshold`, `removeOwner`, `swapOwner`,
 * `changeThreshold`, alone or batched through MultiSendCallOnly) applied to the owners before, as
 * the Safe applies them (a new owner at the head of the list). What the executed transaction did,
 * not what anyone's key is now: a key replaced since the proposal started changes nothing here.
 */
export function safeOwnersAfter(before: SafeOwners, safeTx: StoredSafeTransaction): SafeOwners {
  const safe = getAddress(safeTx.safe);
  let owners: Address[] = before.owners.map((o) => getAddress(o));
  let threshold = before.threshold;
  for (const call of callsOf(safeTx)) {
    if (!isAddressEqual(call.to, safe) || size(call.data) < 4) continue;
    let decoded: { functionName: string; args?: readonly unknown[] };
    try {
      decoded = decodeFunctionData({ abi: safeAbi, data: call.data }) as { functionName: string; args?: readonly unknown[] };
    } catch {
      continue;
    }
    const args = decoded.args ?? [];
    if (decoded.functionName === 'addOwnerWithThreshold') {
      owners = [getAddress(args[0] as Address), ...owners];
      threshold = Number(args[1]);
    } else if (decoded.functionName === 'removeOwner') {
      owners = owners.filter((o) => !isAddressEqual(o, args[1] as Address));
      threshold = Number(args[2]);
    } else if (decoded.functionName === 'swapOwner') {
      owners = owners.map((o) => (isAddressEqual(o, args[1] as Address) ? getAddress(args[2] as Address) : o));
    } else if (decoded.functionName === 'changeThreshold') {
      threshold = Number(args[0]);
    }
  }
  return { owners, threshold };
}

/** The calls a Safe transaction makes: its own, or each of a MultiSendCallOnly batch (operation, to, value, length, data; packed). */
function callsOf(safeTx: StoredSafeTransaction): Array<{ to: Address; data: Hex }> {
  const data = safeTx.data as Hex;
  if (safeTx.operation !== 1 || !isAddressEqual(safeTx.to as Address, SAFE_ADDRESSES.multiSendCallOnly))
    return [{ to: getAddress(safeTx.to), data }];
  const { args } = decodeFunctionData({ abi: multiSendAbi, data });
  const packed = args[0];
  const calls: Array<{ to: Address; data: Hex }> = [];
  for (let at = 0; at < size(packed);) {
    const to = getAddress(sliceHex(packed, at + 1, at + 21));
    const length = Number(hexToBigInt(sliceHex(packed, at + 53, at + 85)));
    calls.push({ to, data: length > 0 ? sliceHex(packed, at + 85, at + 85 + length) : '0x' });
    at += 85 + length;
  }
  return calls;
}

/** Whether an address is one of the Safe's owners as the books mirror them. */
export const isRecordedOwner = (recorded: SafeOwners | null, address: string): boolean =>
  recorded?.owners.some((owner) => isAddressEqual(getAddress(owner), getAddress(address))) ?? false;
