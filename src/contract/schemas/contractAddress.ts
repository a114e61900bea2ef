import { z } from 'zod';
import { CONTRACT_ADDRESS_FIELDS, type ContractAddressField } from '../contractKinds';
import { chainIdField } from './chain';
import { listQuery } from './listQuery';

export const CONTRACT_ADDRESS_FIELD_NAMES = Object.values(CONTRACT_ADDRESS_FIELDS) as ContractAddressField[];

/** Empty, null or absent all mean "not deployed on this chain". */
const optionalAddress = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((value) => (value ? value : null));

/** Body of POST /sys/contract-address/save and /update: the chain and its 14 addresses (SPEC A3 field names). */
export const contractAddressBody = z.object({
  chainId: chainIdField,
  ...(Object.fromEntries(CONTRACT_ADDRESS_FIELD_NAMES.map((field) => [field, optionalAddress])) as Record<ContractAddressField, typeof optionalAddress>),
});
export type ContractAddressBody = z.infer<typeof contractAddressBody>;

export const contractAddressListQuery = listQuery(['chainId'] as const, {
  chainId: z.coerce.number().int().positive().optional(),
});
export type ContractAddressListQuery = z.infer<typeof contractAddressListQuery>;

export const contractAddressDetailQuery = z.object({ chainId: z.coerce.number({ error: 'validation.invalidId' }).int().positive() });

export type ContractAddressRecord = { id: number; chainId: number; chainName: string; family: string } & Record<ContractAddressField, string | null>;
