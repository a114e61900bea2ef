import { z } from 'zod';
import { chainIdField } from './chain';
import { listQuery, queryBoolean } from './listQuery';
import { isoInstant } from './response';

const label = z.string().trim().min(1, { error: 'validation.required' }).max(60);
const memo = z.string().trim().max(100).default('');

/** Body of POST /sys/address-book/save: a named destination of the selected org; counted from `activeFrom`. */
export const addressBookBody = z.object({
  chainId: chainIdField,
  address: z.string().trim().min(1, { error: 'validation.required' }).max(64),
  label,
  memo,
});
export type AddressBookBody = z.infer<typeof addressBookBody>;

/**
 * Body of POST /sys/address-book/update: the name and memo only. A different address is a new
 * entry (with its own delay): an edit must never turn a trusted name into another destination.
 */
export const addressBookUpdateBody = z.object({ id: z.coerce.number().int().positive(), label, memo });
export type AddressBookUpdateBody = z.infer<typeof addressBookUpdateBody>;

export const addressBookSortable = ['id', 'label', 'chainId', 'activeFrom', 'createdAt'] as const;
export const addressBookListQuery = listQuery(addressBookSortable, {
  chainId: z.coerce.number().int().positive().optional(),
  /** Only entries in force now (true) or only those still waiting (false). */
  active: queryBoolean.optional(),
  /** A label or an address, case aside. */
  q: z.string().trim().max(100).optional(),
});
export type AddressBookListQuery = z.infer<typeof addressBookListQuery>;

export const addressBookRecord = z.object({
  id: z.number(),
  orgId: z.number(),
  chainId: z.number(),
  address: z.string(),
  label: z.string(),
  memo: z.string(),
  activeFrom: isoInstant,
  /** `activeFrom` has passed: the policy counts it as "in the book". */
  active: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: isoInstant,
});
export type AddressBookRecord = z.output<typeof addressBookRecord>;
