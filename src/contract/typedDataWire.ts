/**
 * EIP-712 typed data over JSON (a Safe proposal's `signing.typedData`, docs/chains.md "Proposals on
 * Safes"): integers travel as decimal strings, since JSON has no bigint. `typedDataFromWire` turns
 * the message's integer fields back into bigints, so a wallet library signs exactly what the server
 * checks.
 */
export interface TypedDataWire {
  domain: Record<string, unknown>;
  types: Record<string, ReadonlyArray<{ name: string; type: string }>>;
  primaryType: string;
  message: Record<string, unknown>;
}

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
