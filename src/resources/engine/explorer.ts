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

/** Where an address or transaction hash of a chain opens: its explorer's page, or a screen of the console's own. */
export type ChainValueLink = { href: string; inConsole: false } | { href: string; inConsole: true; chainId: number };

/**
 * Where a chain's address or transaction hash is shown. On a real network (`mode: 'rpc'`) its
 * block explorer; on the embedded devnet or a simulated chain, which no public explorer sees,
 * the console's own view of it (docs/DECISIONS.md "Explorer links on the devnet"): a hash opens
 * the ledger's entries of that transaction, an address the wallets list filtered by it (ours
 * appears there; another's shows none). Null when neither exists, or the role may not open it.
 */
export function chainValueLink(
  chain: Pick<ChainRef, 'explorerUrl' | 'family' | 'mode' | 'chainId'> | null | undefined,
  value: string,
  mayOpen: (path: string) => boolean,
): ChainValueLink | null {
  if (!value || !chain) return null;
  if (chain.mode === undefined || chain.mode === 'rpc') {
    const href = explorerLink(chain, value);
    return href ? { href, inConsole: false } : null;
  }
  const [path, filter] = TX_HASH.test(value) ? ['/asset-flow', { txHash: value }] : ['/aggregate', { address: value }];
  if (!mayOpen(path)) return null;
  return { href: `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`, inConsole: true, chainId: chain.chainId };
}

/** `0x1234…abcd`: enough of both ends to match a value by eye; short values stay whole. */
export function shortenChainValue(value: string): string {
  if (value.length <= 14) return value;
  const head = value.startsWith('0x') ? 6 : 5;
  return `${value.slice(0, head)}…${value.slice(-4)}`;
}
