import { z } from 'zod';
/**
 * EIP-712 typed data over JSON (a Safe proposal's `signing.typedData`, docs/chains.md "Proposals on
 * Safes"): integers travel as decimal strings, since JSON has no bigint. `typedDataFromWire` turns
 * the message's integer fields back into bigints, so a wallet library signs exactly what the server
 * checks.
 */
export const typedDataWire = z.object({
  domain: z.record(z.string(), z.unknown()),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() })).readonly()),
  primaryType: z.string(),
  message: z.record(z.string(), z.unknown()),
});
export type TypedDataWire = z.output<typeof typedDataWire>;

const isInteger = (type: string) => /^u?int\d*$/.test(type);

export function typedDataFromWire(wire: TypedDataWire): TypedDataWire {
  const fields = wire.types[wire.primaryType] ?? [];
  const message = { ...wire.message };
  for (const { name, type } of fields) {
    if (isInteger(type) && (typeof message[name] === 'string' || typeof message[name] === 'number'))
      message[name] = BigInt(message[name] as string);
  }
  return { ...wire, message };
}
