import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { AppMenu, entryOf } from '../../../src/shell/menu/AppMenu';
import { routeMenu } from '../../../src/shell/menu/routeMenu';
import { resourceMenu } from '../../../src/resources';
import { declaredResources } from '../../../src/resources/declared';
import { testI18nProvider as i18nProvider } from '../testI18nProvider';
import { session } from '../../../src/session';
import { canAccess, guardedRoutes, jobOf, menuRoutesFor, routesFor, ROLES, ROUTE_JOBS, ROUTES } from '../../../src/access';
import { MENU_GROUP_ORDER, menuSections } from '../../../src/shell/menu/menuSections';

// Tells React this is a test environment, so state updates wrapped in act() flush without a warning.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const signInAs = (tenantType: number, roleLevel: number) =>
  session.signedIn({ userName: 'T', account: 't', orgList: [{ orgId: 1, orgName: 'Org', tenantType, roleLevel }] });

/**
 * Renders the menu and lets what it suspends on settle inside act, so that nothing resolves after the
 * test has ended (a late warning then races the worker's teardown on a busy machine).
 */
const renderMenu = async () => {
  await act(async () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <AppMenu />
      </AdminContext>,
    );
  });
};

/**
 * The menu labels declarations carry in their own translations (not in translation.json), left out
 * of the ordered list below. The counts above are every entry the role sees, declared or not: a
 * resource turned into a declaration keeps its menu entry, so they do not change with it.
 */
const declaredLabels = new Set(
  declaredResources.map((d) => {
    const name = d.translations?.['en-US']?.name;
    return typeof name === 'object' ? name.other : name;
  }),
);

const menuTexts = () =>
  screen.getAllByRole('menu').flatMap((menu) =>
    within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent),
  );
const headings = () => [...screen.getByRole('navigation').querySelectorAll('.MuiListSubheader-root')].map((h) => h.textContent);

describe('menu shows exactly the routes the role reaches', () => {
  it.each([
    {
      role: 'superAdmin',
      tenantType: 0,
      roleLevel: 0,
      count: 26,
      has: ['Brand', 'Operator', 'Wallets', 'Asset flow', 'Audit log'],
      lacks: ['Invitations', 'Agent', 'Asset flow (lite)'],
    },
    {
      role: 'agentEmployee',
      tenantType: 1,
      roleLevel: 1,
      count: 15,
      has: ['Invitations', 'Agent'],
      lacks: ['Pay links', 'Contract addresses'],
    },
    {
      role: 'merchantLiteEmployee',
      tenantType: 4,
      roleLevel: 1,
      count: 21,
      has: ['Wallets', 'Asset flow (lite)'],
      lacks: ['Multisig', 'Supply', 'Lite wallets', 'Asset flow'],
    },
    {
      role: 'merchantLiteManager',
      tenantType: 4,
      roleLevel: 0,
      count: 24,
      has: ['Wallets', 'Audit log', 'API keys', 'Webhooks'],
      lacks: ['Multisig', 'Supply'],
    },
    {
      role: 'merchantProFinance',
      tenantType: 3,
      roleLevel: 1,
      count: 24,
      has: ['Wallets', 'Asset flow', 'Multisig', 'Supply'],
      lacks: ['Pro wallets', 'Standard wallets', 'Asset flow (lite)', 'Audit log', 'API keys'],
    },
    {
      role: 'merchantStdEmployee',
      tenantType: 5,
      roleLevel: 2,
      count: 24,
      has: ['Wallets', 'Supply history'],
      lacks: ['Standard wallets', 'Lite wallets', 'Brand'],
    },
  ] as const)('$role: $count entries', async ({ tenantType, roleLevel, count, has, lacks }) => {
    signInAs(tenantType, roleLevel);
    await renderMenu();
    const texts = menuTexts();
    expect(texts).toHaveLength(count);
    for (const label of has) expect(texts).toContain(label);
    for (const label of lacks) expect(texts).not.toContain(label);
  });

  it('re-filters when the org (and so the role) changes', async () => {
    session.signedIn({
      userName: 'M',
      account: 'multiOrg',
      orgList: [
        { orgId: 1, orgName: 'Pro', tenantType: 3, roleLevel: 0 },
        { orgId: 2, orgName: 'Std', tenantType: 5, roleLevel: 2 },
      ],
    });
    session.selectOrg(1);
    await renderMenu();
    expect(menuTexts()).toContain('Pro merchant');
    act(() => session.selectOrg(2));
    expect(menuTexts()).toContain('Standard merchant');
    expect(menuTexts()).not.toContain('Pro merchant');
  });
});

describe('menu groups', () => {
  it('every guarded route has an icon and a group', () => {
    for (const route of guardedRoutes()) expect(entryOf(route.path), route.path).toBeDefined();
  });

  it('routeMenu holds only pages that are not declared resources (a declaration brings its own line, read first)', () => {
    expect(Object.keys(routeMenu).filter((path) => resourceMenu[path] !== undefined)).toEqual([]);
  });

  it.each([
    {
      role: 'superAdmin',
      tenantType: 0,
      roleLevel: 0,
      groups: ['Overview', 'Chains', 'Money movements', 'Wallets', 'Organisations', 'Reports', 'Settings'],
    },
    {
      role: 'agentEmployee',
      tenantType: 1,
      roleLevel: 1,
      groups: ['Overview', 'Chains', 'Money movements', 'Wallets', 'Organisations', 'Settings'],
    },
  ])('$role sees the headings of its groups only, in order', async ({ tenantType, roleLevel, groups }) => {
    signInAs(tenantType, roleLevel);
    await renderMenu();
    expect(headings()).toEqual(groups);
  });

  it('agentEmployee: entries under their groups, table order inside each group', async () => {
    signInAs(1, 1);
    await renderMenu();
    expect(menuTexts().filter((text) => !declaredLabels.has(text ?? ''))).toEqual([
      'Home',
      'Networks',
      'Currencies',
      'Multisig',
      'Transfers',
      'Withdrawals',
      'Refunds',
      'Transaction policy',
      'Address book',
      'Wallets',
      'Agent',
      'Members',
      'Invitations',
      'Account',
    ]);
  });

  it.each(Object.entries(ROLES))('%s: the sections hold exactly the routes of the role’s menu', (_name, roleIndex) => {
    const reached = menuRoutesFor(roleIndex).map((r) => r.path);
    const sections = menuSections(menuRoutesFor(roleIndex), entryOf);
    const listed = sections.flatMap((s) => s.entries.map((e) => e.path));
    expect([...listed].sort()).toEqual([...reached].sort());
    for (const section of sections) {
      const order = section.entries.map((e) => reached.indexOf(e.path));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
    const groupOrder = sections.map((s) => MENU_GROUP_ORDER.indexOf(s.group));
    expect(groupOrder).toEqual([...new Set(groupOrder)].sort((a, b) => a - b));
  });
});

describe('one menu entry per job', () => {
  it.each(Object.entries(ROLES))('%s: no two entries serve the same job, and every job it reaches has its entry', (_name, roleIndex) => {
    const jobs = menuRoutesFor(roleIndex).map((r) => jobOf(r.path));
    expect(jobs).toEqual([...new Set(jobs)]);
    expect(new Set(jobs)).toEqual(new Set(routesFor(roleIndex).map((r) => jobOf(r.path))));
  });

  it.each(Object.entries(ROLES))('%s: a route left out of the menu still opens by URL', (_name, roleIndex) => {
    const inMenu = new Set(menuRoutesFor(roleIndex).map((r) => r.path));
    for (const route of routesFor(roleIndex).filter((r) => !inMenu.has(r.path)))
      expect(canAccess(roleIndex, route.path), route.path).toBe(true);
  });

  it('every route a job names is a route of the table', () => {
    const paths = new Set<string>(ROUTES.map((r) => r.path));
    for (const routes of Object.values(ROUTE_JOBS)) for (const { path } of routes) expect(paths.has(path), path).toBe(true);
  });

  it('a pro merchant gets one wallet page and one asset flow; a lite merchant the lite asset flow', () => {
    const pathsOf = (role: keyof typeof ROLES) => menuRoutesFor(ROLES[role]).map((r) => r.path);
    expect(pathsOf('merchantProManager').filter((p) => jobOf(p) === 'wallets')).toEqual(['/aggregate']);
    expect(pathsOf('merchantProFinance').filter((p) => jobOf(p) === 'assetFlow')).toEqual(['/asset-flow']);
    expect(pathsOf('merchantLiteManager').filter((p) => jobOf(p) === 'assetFlow')).toEqual(['/asset-flow-lite']);
  });
});
