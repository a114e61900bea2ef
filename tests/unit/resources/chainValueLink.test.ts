import { describe, expect, it } from 'vitest';
import { chainValueLink } from '../../../src/resources/engine/explorer';

const HASH = `0x${'ab'.repeat(32)}`;
const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const ethereum = { chainId: 1, family: 'evm' as const, explorerUrl: 'https://etherscan.io' };
const everyone = () => true;

describe('where an address or hash opens (docs/DECISIONS.md "Explorer links on the devnet")', () => {
  it('on a real network: its explorer, in a new tab', () => {
    expect(chainValueLink({ ...ethereum, mode: 'rpc' }, HASH, everyone)).toEqual({
      href: `https://etherscan.io/tx/${HASH}`,
      inConsole: false,
    });
    expect(chainValueLink({ ...ethereum, mode: 'rpc' }, ADDRESS, everyone)).toEqual({
      href: `https://etherscan.io/address/${ADDRESS}`,
      inConsole: false,
    });
    expect(
      chainValueLink(
        { chainId: 728126428, family: 'tron', explorerUrl: 'https://tronscan.org/', mode: 'rpc' },
        'T'.padEnd(34, 'x'),
        everyone,
      )?.href,
    ).toBe(`https://tronscan.org/#/address/${'T'.padEnd(34, 'x')}`);
  });

  it('on the devnet or a simulated chain: the ledger by hash, the wallets by address, on that chain', () => {
    for (const mode of ['devnet', 'simulated'] as const) {
      const hash = chainValueLink({ ...ethereum, mode }, HASH, everyone);
      expect(hash).toEqual({
        href: `/asset-flow?filter=${encodeURIComponent(JSON.stringify({ txHash: HASH }))}`,
        inConsole: true,
        chainId: 1,
      });
      const address = chainValueLink({ ...ethereum, mode }, ADDRESS, everyone);
      expect(address).toEqual({
        href: `/aggregate?filter=${encodeURIComponent(JSON.stringify({ address: ADDRESS }))}`,
        inConsole: true,
        chainId: 1,
      });
    }
  });

  it('no link where the role may not open the screen, nor for an empty value or an unknown chain', () => {
    expect(chainValueLink({ ...ethereum, mode: 'devnet' }, HASH, (path) => path !== '/asset-flow')).toBeNull();
    expect(chainValueLink({ ...ethereum, mode: 'devnet' }, '', everyone)).toBeNull();
    expect(chainValueLink(null, HASH, everyone)).toBeNull();
    expect(chainValueLink({ ...ethereum, explorerUrl: '', mode: 'rpc' }, HASH, everyone)).toBeNull();
  });
});
