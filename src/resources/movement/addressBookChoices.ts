import { ApiPath } from '../../contract/apiPaths';
import type { ChoiceSource } from '../engine/types';

/** When a book entry counts for the policy, as the hint under the input says it (UTC, to the minute). */
const utcMinute = (value: unknown) => `${String(value).slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The selected org's address book on the form's chain: picked by name, or an address pasted
 * (docs/DECISIONS.md "Transaction policy"); a pasted address of the book shows its name, and
 * whether the policy counts it yet.
 */
export const addressBookChoices: ChoiceSource & { matchText: NonNullable<ChoiceSource['matchText']> } = {
  path: ApiPath.addressBook.list,
  value: 'address',
  label: (entry) => `${String(entry.label)} — ${String(entry.address)}`,
  dependsOn: { chainId: 'chainId' },
  query: { sort: 'label', order: 'asc' },
  matchText: (entry) => ({
    key: entry.active ? 'resources.address-book.inBook' : 'resources.address-book.waiting',
    params: { label: String(entry.label), from: utcMinute(entry.activeFrom) },
  }),
};
