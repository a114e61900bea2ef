import { z } from 'zod';
import { CONTRACT_ADDRESS_FIELDS, type ContractAddressField } from '../contractKinds';
import { chainIdField } from './chain';
import { listQuery } from './listQuery';

export const CONTRACT_ADDRESS_FIELD_NAMES = Object.values(CONTRACT_ADDRESS_FIELDS) as ContractAddressField[];

/**
 * Empty or null means "not deployed on this chain"; an absent field keeps what is
 * stored, so a client that sends only some of the 14 never wipes the others.
 */
const optionalAddress = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((value) => (value === undefined ? undefined : value || null));

/** Body of POST /sys/contract-address/save and /update: the chain and its 14 addresses (field names in docs/api.md "Contract kinds and addresses"); an upsert per chain. */
export const contractAddressBody = z.object({
  chainId: chainIdField,
  ...(Object.fromEntries(CONTRACT_ADDRESS_FIELD_NAMES.map((field) => [field, optionalAddress])) as Record<
    ContractAddressField,
    typeof optionalAddress
  >),
});
export type ContractAddressBody = z.infer<typeof contractAddressBody>;

export const contractAddressListQuery = listQuery(['chainId'] as const, {
  chainId: z.coerce.number().int().positive().optional(),
});
export type ContractAddressListQuery = z.infer<typeof contractAddressListQuery>;

const storedAddress = z.string().nullable();

/** A chain's contract addresses as the API returns them: keyed by the chain (`id` is its chainId); null = not deployed there. */
export const contractAddressRecord = z.object({
  id: z.number(),
  chainId: z.number(),
  chainName: z.string(),
  family: z.string(),
  ...(Object.fromEntries(CONTRACT_ADDRESS_FIELD_NAMES.map((field) => [field, storedAddress])) as Record<
    ContractAddressField,
    typeof storedAddress
  >),
});
export type ContractAddressRecord = z.output<typeof contractAddressRecord>;
