import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { AppMenu } from '../../../src/shell/menu/AppMenu';
import { testI18nProvider as i18nProvider } from '../testI18nProvider';
import { session } from '../../../src/session';

const signInAs = (tenantType: number, roleLevel: number) =>
  session.signedIn({ userName: 'T', account: 't', orgList: [{ orgId: 1, orgName: 'Org', tenantType, roleLevel }] });

const renderMenu = () =>
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <AppMenu />
    </AdminContext>,
  );

const menuTexts = () => within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);

describe('menu shows exactly the routes the role reaches', () => {
  it.each([
    { role: 'superAdmin', tenantType: 0, roleLevel: 0, count: 23, has: ['Brand', 'Operator'], lacks: ['Invitations', 'Agent'] },
    { role: 'agentEmployee', tenantType: 1, roleLevel: 1, count: 12, has: ['Invitations', 'Agent'], lacks: ['Pay links', 'Contract addresses'] },
    { role: 'merchantLiteEmployee', tenantType: 4, roleLevel: 1, count: 20, has: ['Lite wallets'], lacks: ['Multisig', 'Supply'] },
    { role: 'merchantProFinance', tenantType: 3, roleLevel: 1, count: 23, has: ['Pro wallets', 'Multisig', 'Supply'], lacks: ['Standard wallets'] },
    { role: 'merchantStdEmployee', tenantType: 5, roleLevel: 2, count: 23, has: ['Standard wallets', 'Supply history'], lacks: ['Lite wallets', 'Brand'] },
  ])('$role: $count entries', ({ tenantType, roleLevel, count, has, lacks }) => {
    signInAs(tenantType, roleLevel);
    renderMenu();
    const texts = menuTexts();
    expect(texts).toHaveLength(count);
    for (const label of has) expect(texts).toContain(label);
    for (const label of lacks) expect(texts).not.toContain(label);
  });

  it('re-filters when the org (and so the role) changes', () => {
    session.signedIn({
      userName: 'M',
      account: 'multiOrg',
      orgList: [
        { orgId: 1, orgName: 'Pro', tenantType: 3, roleLevel: 0 },
        { orgId: 2, orgName: 'Std', tenantType: 5, roleLevel: 2 },
      ],
    });
    session.selectOrg(1);
    renderMenu();
    expect(menuTexts()).toContain('Pro wallets');
    act(() => session.selectOrg(2));
    expect(menuTexts()).toContain('Standard wallets');
    expect(menuTexts()).not.toContain('Pro wallets');
  });
});
