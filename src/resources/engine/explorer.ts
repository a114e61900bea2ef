import type { ChainRef } from '../../session';

/** A transaction hash: 0x + 64 hex on EVM chains, 64 hex on TRON; anything else in an address field is an address. */
const TX_HASH = /^(0x)?[0-9a-fA-F]{64}$/;

/**
 * The block explorer's page of an address or transaction, or null when the chain names no
 * explorer. Etherscan-style explorers (every EVM chain) use /address/ and /tx/; Tronscan
 * routes inside its page (/#/address/, /#/transaction/).
 */
export function explorerLink(chain: Pick<ChainRef, 'explorerUrl' | 'family'> | null | undefined, value: string): string | null {
  const base = chain?.explorerUrl?.trim().replace(/\/+$/, '');
  if (!base || !value) return null;
  const isTx = TX_HASH.test(value);
  const encoded = encodeURIComponent(value);
  if (chain?.family === 'tron') return `${base}/#/${isTx ? 'transaction' : 'address'}/${encoded}`;
  return `${base}/${isTx ? 'tx' : 'address'}/${encoded}`;
}

/** `0x1234…abcd`: enough of both ends to match a value by eye; short values stay whole. */
export function shortenChainValue(value: string): string {
  if (value.length <= 14) return value;
  const head = value.startsWith('0x') ? 6 : 5;
  return `${value.slice(0, head)}…${value.slice(-4)}`;
}
