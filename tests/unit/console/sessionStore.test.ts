import { afterEach, describe, expect, it } from 'vitest';
import { session, type ChainRef } from '../../../src/session';
import { ROLES } from '../../../src/access';
import type { OrgMembership } from '../../../src/contract/schemas/auth';

const eth: ChainRef = { chainId: 1, name: 'Ethereum', isDefault: true };
const tron: ChainRef = { chainId: 728126428, name: 'TRON', isDefault: false };
const birch: OrgMembership = { orgId: 5, orgName: 'Birch Goods', tenantType: 5, roleLevel: 2 };
const delta: OrgMembership = { orgId: 7, orgName: 'Delta Exchange', tenantType: 3, roleLevel: 0 };

afterEach(() => session.clear());

describe('session store: what survives a reload', () => {
  it.each([
    { case: 'nothing remembered → default chain', stored: null, list: [eth, tron], expected: 1 },
    { case: 'remembered chain still listed', stored: tron, list: [eth, tron], expected: 728126428 },
    { case: 'remembered chain gone → default', stored: tron, list: [eth], expected: 1 },
    { case: 'unreadable lastChainObj → default', stored: '{not json', list: [eth, tron], expected: 1 },
  ])('$case', ({ stored, list, expected }) => {
    if (stored) localStorage.setItem('lastChainObj', typeof stored === 'string' ? stored : JSON.stringify(stored));
    session.setChainList(list);
    expect(session.get().currentChainObj?.chainId).toBe(expected);
    expect(JSON.parse(localStorage.getItem('lastChainObj')!).chainId).toBe(expected);
  });

  it('selecting a chain stores the chain object as JSON in lastChainObj', () => {
    session.setChainList([eth, tron]);
    session.selectChain(tron.chainId);
    expect(session.get().currentChainObj).toEqual(tron);
    expect(JSON.parse(localStorage.getItem('lastChainObj')!)).toEqual(tron);
  });

  it('an org selected before a reload is selected again, with its role and manager type', () => {
    session.signedIn({ token: 't', userName: 'M', account: 'multiOrg', orgList: [birch, delta] });
    expect(session.get().selectedOrg?.orgId).toBe(5);
    session.selectOrg(7);
    session.clear();
    localStorage.setItem('token', 't');
    session.signedIn({ userName: 'M', account: 'multiOrg', orgList: [birch, delta] });
    expect(session.get()).toMatchObject({ selectedOrg: delta, roleIndex: ROLES.merchantProManager, managerType: 3 });
  });

  it('sign-out forgets the token and the user but keeps the remembered selections', () => {
    session.signedIn({ token: 't', userName: 'M', account: 'multiOrg', orgList: [birch, delta] });
    session.selectOrg(7);
    session.setChainList([eth, tron]);
    session.selectChain(tron.chainId);
    session.clear();
    expect(localStorage.getItem('token')).toBeNull();
    expect(session.get()).toMatchObject({ account: null, orgList: [], roleIndex: null, chainList: [], currentChainObj: null });
    expect(localStorage.getItem('selectedOrgId')).toBe('7');
    expect(JSON.parse(localStorage.getItem('lastChainObj')!).chainId).toBe(tron.chainId);
  });
});
