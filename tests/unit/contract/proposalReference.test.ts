import { describe, expect, it } from 'vitest';
import { optionalProposalReference, proposalReference } from '../../../src/contract/proposalReference';

describe('a proposal is named by its wallet and nonce, never by its id', () => {
  it.each([
    [{ walletLabel: 'Aurora cold', nonce: 4 }, 'Aurora cold · #4'],
    [{ walletLabel: 'Birch TRON hot', nonce: 12 }, 'Birch TRON hot · #12'],
  ])('%o → %s', (parts, expected) => {
    expect(proposalReference(parts)).toBe(expected);
  });

  it.each([
    ['Aurora cold', 4, 'Aurora cold · #4'],
    ['Aurora cold', null, null],
    [null, 4, null],
    [undefined, undefined, null],
  ])('a row that may name one (%s, %s) → %s', (walletLabel, nonce, expected) => {
    expect(optionalProposalReference(walletLabel, nonce)).toBe(expected);
  });
});
