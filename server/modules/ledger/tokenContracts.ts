import { getAddress } from 'viem';
import type { ChainAdapter } from '../../chain/adapter';
import type { LedgerBreak } from '../../../src/contract/schemas/ledger';

/**
 * The token contracts a chain's currencies name that the node has no code for (docs/ledger.md
 * "Verification", `tokenMissing`): a currency saved with a wrong address, or a node of another
 * network. Its balances cannot be read, and asking would fail the whole wallet's comparison; the
 * chain check names each such contract once per chain and compares the wallets' other currencies.
 */
export class TokenContracts {
  private readonly missing = new Map<number, Promise<Set<string>>>();
  readonly breaks: LedgerBreak[] = [];

  /** Checksummed addresses of the tokens among `currencies` missing on `chainId`'s node at `head` (read once per chain). */
  missingOn(
    chainId: number,
    adapter: ChainAdapter,
    currencies: ReadonlyArray<{ symbol: string; contractAddress: string | null }>,
    head: bigint,
  ): Promise<Set<string>> {
    let found = this.missing.get(chainId);
    if (!found) {
      found = this.read(adapter, currencies, head);
      this.missing.set(chainId, found);
      // A failed read is tried again by the next wallet of that chain.
      found.catch(() => this.missing.delete(chainId));
    }
    return found;
  }

  private async read(
    adapter: ChainAdapter,
    currencies: ReadonlyArray<{ symbol: string; contractAddress: string | null }>,
    head: bigint,
  ): Promise<Set<string>> {
    const missing = new Set<string>();
    for (const currency of currencies) {
      if (currency.contractAddress === null) continue;
      const token = getAddress(currency.contractAddress);
      if (missing.has(token) || (await adapter.hasCode(token, head))) continue;
      missing.add(token);
      this.breaks.push({
        kind: 'tokenMissing',
        walletId: null,
        walletLabel: null,
        symbol: currency.symbol,
        refId: null,
        expected: token,
        actual: '—',
      });
    }
    return missing;
  }
}
