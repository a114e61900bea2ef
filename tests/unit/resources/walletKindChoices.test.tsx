import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import chainWalletDeclaration from '../../../src/resources/chainWallet/resource';
import { defineResource } from '../../../src/resources/engine';
import { session } from '../../../src/session';
import { startMockApi } from '../dataProvider/harness';
import { answer, mountAdmin } from './harness';
import { ApiPath } from '../../../src/contract/apiPaths';

const chainWallet = defineResource(chainWalletDeclaration);

startMockApi();

/** The wallet form offers, as Kind, only the wallet kinds of the chosen org's tier (never a pool or factory). */
describe('wallet form: Kind follows the chosen org’s tier', { timeout: 90_000 }, () => {
  const mountForm = () => {
    answer('get', ApiPath.chain.list, { list: [{ id: 1, chainId: 1, name: 'Ethereum', family: 'evm' }], count: 1 });
    answer('get', ApiPath.org.list, {
      list: [
        { orgId: 4, orgName: 'Aurora Pay (Pro)', tenantType: 3 },
        { orgId: 6, orgName: 'Cedar Cafe (Lite)', tenantType: 4 },
        { orgId: 1, orgName: 'Platform Operator', tenantType: 0 },
      ],
      count: 3,
    });
    answer('get', ApiPath.member.list, { list: [], count: 0 });
    session.setChainList([{ chainId: 1, name: 'Ethereum', isDefault: true, family: 'evm' }]);
    mountAdmin([chainWallet], '/aggregate/create', 'superAdmin');
  };

  const kindsOffered = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(screen.getByLabelText(/^Kind/));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    await user.keyboard('{Escape}');
    return options.filter((o) => o !== '');
  };

  const chooseOrg = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
    // While the org list is on its way the input is a placeholder: open the select once it is there.
    await user.click(await screen.findByRole('combobox', { name: /^Org/ }, { timeout: 10_000 }));
    await user.click(await screen.findByRole('option', { name }));
  };

  it('no org yet: the plain kinds every org may hold; a pro org adds the pro multisig contracts', async () => {
    mountForm();
    await screen.findByLabelText(/^Kind/);
    const user = userEvent.setup();
    expect(await kindsOffered(user)).toEqual(['Hot wallet', 'Cold wallet']);
    await chooseOrg(user, 'Aurora Pay (Pro)');
    // Named for people (issue 33 item 8), not by the wire value "MultiSigCold".
    expect(await kindsOffered(user)).toEqual(['Hot wallet', 'Cold wallet', 'Multisig cold (Safe)', 'Multisig hot (Safe)']);
  });

  it('a lite org gets its own contract, the operator its own, and nobody a pool, factory or helper', async () => {
    mountForm();
    await screen.findByLabelText(/^Kind/);
    const user = userEvent.setup();
    await chooseOrg(user, 'Cedar Cafe (Lite)');
    expect(await kindsOffered(user)).toEqual(['Hot wallet', 'Cold wallet', 'Multisig cold, lite tier (Safe)']);
    await chooseOrg(user, 'Platform Operator');
    const operatorKinds = await kindsOffered(user);
    expect(operatorKinds).toEqual(['Hot wallet', 'Cold wallet', 'Multisig operator (Safe)', 'DeFi multisig (Safe)']);
    for (const notAWallet of ['PayPool', 'AgentFactory', 'AggregatedHelper', 'ToolHelper'])
      expect(operatorKinds.join()).not.toContain(notAWallet);
  });
});
