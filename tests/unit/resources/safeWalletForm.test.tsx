import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import chainWalletDeclaration from '../../../src/resources/chainWallet/resource';
import { defineResource } from '../../../src/resources/engine';
import { createFormValidator, type Lookup } from '../../../src/resources/engine/formValidator';
import { session } from '../../../src/session';
import { startMockApi } from '../dataProvider/harness';
import { answer, mountAdmin } from './harness';
import { ApiPath } from '../../../src/contract/apiPaths';

const chainWallet = defineResource(chainWalletDeclaration);

startMockApi();

const chains = [
  { id: 1, chainId: 1, name: 'Ethereum', family: 'evm' },
  { id: 2, chainId: 728126428, name: 'TRON', family: 'tron' },
];

/**
 * A multisig wallet on an EVM chain is the Safe the server deploys (docs/chains.md): the wallet form
 * asks no address for it, says why, and sends none; other wallets keep the Address input.
 */
describe('wallet form: a Safe’s address is the server’s to make', { timeout: 90_000 }, () => {
  const mountForm = () => {
    answer('get', ApiPath.chain.list, { list: chains, count: chains.length });
    answer('get', ApiPath.org.list, { list: [{ orgId: 4, orgName: 'Aurora Pay (Pro)', tenantType: 3 }], count: 1 });
    answer('get', ApiPath.member.list, { list: [], count: 0 });
    session.setChainList(chains.map((c) => ({ chainId: c.chainId, name: c.name, isDefault: c.chainId === 1, family: c.family })));
    mountAdmin([chainWallet], '/aggregate/create', 'superAdmin');
  };
  const choose = async (user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) => {
    await user.click(await screen.findByRole('combobox', { name: label }, { timeout: 10_000 }));
    await user.click(await screen.findByRole('option', { name: option }));
  };

  it('Ethereum + MultiSigCold: no Address input but the note; back to Hot, the input returns', async () => {
    mountForm();
    const user = userEvent.setup();
    await choose(user, /^Chain/, 'Ethereum');
    await choose(user, /^Org/, 'Aurora Pay (Pro)');
    await screen.findByRole('textbox', { name: /^Address/ });
    await choose(user, /^Kind/, 'Multisig cold (Safe)');
    await screen.findByText(/deployed with the signers’ keys when the wallet is created/);
    expect(screen.queryByRole('textbox', { name: /^Address/ })).toBeNull();
    await choose(user, /^Kind/, 'Hot wallet');
    await screen.findByRole('textbox', { name: /^Address/ });
  });

  it('TRON + MultiSigCold: the address is typed (no Safe there)', async () => {
    mountForm();
    const user = userEvent.setup();
    await choose(user, /^Chain/, 'TRON');
    await choose(user, /^Org/, 'Aurora Pay (Pro)');
    await choose(user, /^Kind/, 'Multisig cold (Safe)');
    await screen.findByRole('textbox', { name: /^Address/ });
    expect(screen.queryByText(/deployed with the signers’ keys/)).toBeNull();
  });
});

describe('wallet form validation: a Safe needs no address, and none is sent', () => {
  const lookup: Lookup = async (source) => (source.path === ApiPath.chain.list ? chains : []);
  const validate = createFormValidator({ resource: chainWallet, mode: 'create', translate: (key) => key, lookup });
  const base = { orgId: 4, label: 'Vault', threshold: 2, signers: [1, 2, 3] };

  it('an EVM multisig wallet without an address passes; a typed one is ignored, not checked', async () => {
    expect(await validate({ ...base, chainId: 1, kind: 'MultiSigCold' })).toEqual({});
    expect(await validate({ ...base, chainId: 1, kind: 'MultiSigCold', address: 'not an address' })).toEqual({});
  });

  it('a Hot wallet, or a multisig one on TRON, still needs its address', async () => {
    expect((await validate({ ...base, chainId: 1, kind: 'Hot' })).address).toBe('validation.required');
    expect((await validate({ ...base, chainId: 728126428, kind: 'MultiSigCold' })).address).toBe('validation.required');
  });
});
