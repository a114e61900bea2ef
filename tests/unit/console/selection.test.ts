import { describe, expect, it } from 'vitest';
import { selectChain, selectOrg, type ChainRef } from '../../../src/session';
import type { OrgMembership } from '../../../src/contract/schemas/auth';

const eth: ChainRef = { chainId: 1, name: 'Ethereum', isDefault: true };
const tron: ChainRef = { chainId: 728126428, name: 'TRON', isDefault: false };
const bsc: ChainRef = { chainId: 56, name: 'BNB', isDefault: false };

describe('chain selection', () => {
  it.each([
    { case: 'remembered chain still listed', list: [eth, tron], remembered: tron, expected: tron },
    { case: 'remembered chain gone → default', list: [eth, bsc], remembered: tron, expected: eth },
    { case: 'nothing remembered → default', list: [tron, eth], remembered: null, expected: eth },
    { case: 'no default and nothing remembered → none', list: [tron, bsc], remembered: null, expected: null },
    { case: 'empty list → none', list: [], remembered: eth, expected: null },
    {
      case: 'remembered copy is replaced by the listed object',
      list: [{ ...tron, name: 'TRON mainnet' }, eth],
      remembered: tron,
      expected: { ...tron, name: 'TRON mainnet' },
    },
  ])('$case', ({ list, remembered, expected }) => {
    expect(selectChain(list, remembered)).toEqual(expected);
  });
});

const org = (orgId: number): OrgMembership => ({ orgId, orgName: `Org ${orgId}`, tenantType: 3, roleLevel: 0 });

describe('org selection', () => {
  it.each([
    { case: 'previous org still in the list', list: [org(1), org(2)], previous: 2, expected: 2 },
    { case: 'previous org gone → first', list: [org(1), org(2)], previous: 9, expected: 1 },
    { case: 'no previous → first', list: [org(3), org(1)], previous: null, expected: 3 },
    { case: 'no orgs → none', list: [], previous: 1, expected: null },
  ])('$case', ({ list, previous, expected }) => {
    expect(selectOrg(list, previous)?.orgId ?? null).toBe(expected);
  });
});
