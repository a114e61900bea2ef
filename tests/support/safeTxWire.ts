import type { TypedDataWire } from '../../src/contract/typedDataWire';

/** A Safe transaction's typed data as the server sends it (integers as strings), at `nonce`. */
export const safeTx = (nonce: string): TypedDataWire => ({
  domain: { chainId: '900000001', verifyingContract: '0x52908400098527886E0F7030069857D2E4169EE7' },
  types: {
    SafeTx: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
    ],
  },
  primaryType: 'SafeTx',
  message: { to: '0x52908400098527886E0F7030069857D2E4169EE7', value: '1500000000000000000', nonce },
});
