import { describe, expect, it } from 'vitest';
import HubIcon from '@mui/icons-material/Hub';
import { masks, ROLES, routeGroups, maskHas, type RoleName } from '../../../src/access';
import {
  DeclarationError,
  defineResource,
  menuEntries,
  REFERENCE_TARGETS,
  registryOf,
  type ResourceDeclaration,
} from '../../../src/resources/engine';
import { fieldsFor, toPayload } from '../../../src/resources/engine/fields';
import { ApiPath, resourcePaths } from '../../../src/contract/apiPaths';

const base: ResourceDeclaration = {
  name: 'chain-wallet',
  route: '/aggregate',
  icon: HubIcon,
  menuGroup: 'wallets',
  fields: [
    { source: 'chainId', kind: 'reference', reference: 'chain', inForm: 'create' },
    { source: 'label', kind: 'text' },
    { source: 'signers', kind: 'referenceList', reference: 'member', inList: false },
    { source: 'balances', kind: 'list', itemText: (b) => String(b.amount) },
  ],
};
const declare = (overrides: Partial<ResourceDeclaration> = {}) => defineResource({ ...base, ...overrides });

describe('defineResource: what one declaration yields', () => {
  it('react-admin props: named after the route (the URL), a lazy screen per reachable view, the translated name as label', () => {
    const wallet = declare({ access: { create: masks.operator, edit: masks.operator } });
    expect(wallet.props.name).toBe('aggregate');
    expect(wallet.props.options).toEqual({ label: 'resources.chain-wallet.name' });
    expect(Object.keys(wallet.props).filter((k) => ['list', 'create', 'edit', 'show'].includes(k))).toEqual([
      'list',
      'create',
      'edit',
      'show',
    ]);
  });

  it('no create or edit view without a mask for it: read-only is the default', () => {
    const readOnly = declare();
    expect(readOnly.props.create).toBeUndefined();
    expect(readOnly.props.edit).toBeUndefined();
    expect(readOnly.props.list).toBeDefined();
    expect(readOnly.props.show).toBeDefined();
    expect(declare({ views: { show: false } }).props.show).toBeUndefined();
  });

  it('endpoints: /sys/<name>/… by default; a base or single paths override', () => {
    expect(declare().endpoint).toEqual({
      paths: {
        list: ApiPath.chainWallet.list,
        detail: ApiPath.chainWallet.detail,
        save: ApiPath.chainWallet.save,
        update: ApiPath.chainWallet.update,
        delete: ApiPath.chainWallet.delete,
      },
    });
    // eslint-disable-next-line no-restricted-syntax -- a declaration's base is a prefix, not a path of ApiPath; the paths it yields are compared with ApiPath
    expect(declare({ endpoints: { base: '/sys/chain' } }).endpoint.paths.list).toBe(ApiPath.chain.list);
    const proposals = declare({
      endpoints: { list: ApiPath.sign.list, save: ApiPath.sign.start },
      idField: 'proposalId',
      detailIdParam: 'proposalId',
    });
    expect(proposals.endpoint).toMatchObject({
      idField: 'proposalId',
      detailIdParam: 'proposalId',
      paths: { list: ApiPath.sign.list, save: ApiPath.sign.start, detail: ApiPath.chainWallet.detail },
    });
  });

  it('menu entry: the route’s label key, the declared icon and group', () => {
    expect(declare().menu).toEqual({ path: '/aggregate', labelKey: 'menu.aggregate', icon: HubIcon, group: 'wallets' });
    expect(menuEntries([declare()])['/aggregate'].group).toBe('wallets');
  });

  it('translation keys: resources.<name>.name and resources.<name>.fields.<source>', () => {
    const wallet = declare();
    expect(wallet.nameKey).toBe('resources.chain-wallet.name');
    expect(wallet.fieldKey('label')).toBe('resources.chain-wallet.fields.label');
  });

  it('refuses a route outside src/access ROUTES unless it is an explicit test route, and a group that contradicts ROUTES', () => {
    // @ts-expect-error -- a route missing from the route table is a type error too (the typecheck fails)
    expect(() => declare({ route: '/wallets' })).toThrow(
      new DeclarationError(
        "resource 'chain-wallet': route '/wallets' is not in the route table (src/access/routeTable.ts); add it to ROUTES with its group",
      ),
    );
    expect(() => declare({ route: { path: '/aggregate', group: 'operator' } })).toThrow(/guarded by 'all'/);
    expect(declare({ route: { path: '/test-only', group: 'operator' } }).group).toBe('operator');
  });

  it('refuses a field declared twice and chain scoping by a field that does not exist', () => {
    expect(() => declare({ fields: [...base.fields, { source: 'label', kind: 'text' }] })).toThrow(
      "resource 'chain-wallet': field 'label' is declared twice",
    );
    expect(() => declare({ chainScoped: 'networkId' })).toThrow(
      "resource 'chain-wallet': chain-scoped by 'networkId', which is not one of its fields",
    );
    expect(declare({ chainScoped: true }).chainField).toBe('chainId');
  });
});

describe('access: the route group, then the mask of the action', () => {
  const wallet = declare({ access: { create: masks.operator, edit: masks.allManagers } });
  const roles = Object.keys(ROLES) as RoleName[];

  it.each(roles)('%s', (role) => {
    const index = ROLES[role];
    const onRoute = maskHas(routeGroups.all, index);
    expect(wallet.canDo(index, 'list')).toBe(onRoute);
    expect(wallet.canDo(index, 'show')).toBe(onRoute);
    expect(wallet.canDo(index, 'create')).toBe(maskHas(masks.operator, index));
    expect(wallet.canDo(index, 'edit')).toBe(maskHas(masks.allManagers, index));
    // No delete mask: nobody deletes.
    expect(wallet.canDo(index, 'delete')).toBe(false);
  });

  it('outside the route group nothing is allowed, whatever the masks say', () => {
    const addresses = declare({ route: '/contract-address', access: { edit: masks.all } });
    expect(addresses.canDo(ROLES.agentManager, 'list')).toBe(false);
    expect(addresses.canDo(ROLES.agentManager, 'edit')).toBe(false);
    expect(addresses.canDo(ROLES.merchantLiteEmployee, 'edit')).toBe(true);
    expect(addresses.canDo(null, 'list')).toBe(false);
  });

  it('with a record, edit and delete also ask the declaration’s recordAccess; list, show and create do not', () => {
    const ownOrgOnly = declare({
      access: { create: masks.allManagers, edit: masks.allManagers, delete: masks.allManagers },
      recordAccess: (record, actor) => record.orgId === actor.org.orgId,
    });
    const org = { orgId: 4, orgName: 'Aurora', tenantType: 3, roleLevel: 0 };
    const own = { record: { id: 1, orgId: 4 }, org };
    const other = { record: { id: 2, orgId: 5 }, org };
    for (const action of ['edit', 'delete']) {
      expect(ownOrgOnly.canDo(ROLES.merchantProManager, action, own)).toBe(true);
      expect(ownOrgOnly.canDo(ROLES.merchantProManager, action, other)).toBe(false);
      // The role mask still comes first, and no selected org means no record writes.
      expect(ownOrgOnly.canDo(ROLES.merchantProEmployee, action, own)).toBe(false);
      expect(ownOrgOnly.canDo(ROLES.merchantProManager, action, { ...own, org: null })).toBe(false);
    }
    for (const action of ['list', 'show', 'create']) expect(ownOrgOnly.canDo(ROLES.merchantProManager, action, other)).toBe(true);
  });

  it("the wallet declaration uses the server's rule: an agent manager opens a merchant's wallet read-only", async () => {
    const chainWallet = defineResource((await import('../../../src/resources/chainWallet/resource')).default);
    const agentOrg = { orgId: 2, orgName: 'North Agency', tenantType: 1, roleLevel: 0 };
    expect(chainWallet.canDo(ROLES.agentManager, 'edit', { record: { id: 1, orgId: 2, kind: 'Hot' }, org: agentOrg })).toBe(true);
    expect(chainWallet.canDo(ROLES.agentManager, 'edit', { record: { id: 2, orgId: 4, kind: 'Hot' }, org: agentOrg })).toBe(false);
    expect(chainWallet.canDo(ROLES.agentManager, 'delete', { record: { id: 2, orgId: 4, kind: 'Hot' }, org: agentOrg })).toBe(false);
  });

  it("an order's own deposit address opens read-only, for its org's manager and for superAdmin alike", async () => {
    const chainWallet = defineResource((await import('../../../src/resources/chainWallet/resource')).default);
    const merchantOrg = { orgId: 4, orgName: 'Aurora Pay', tenantType: 3, roleLevel: 0 };
    const operatorOrg = { orgId: 1, orgName: 'Operator', tenantType: 0, roleLevel: 0 };
    const hot = { id: 1, orgId: 4, kind: 'Hot' };
    const orderDeposit = { id: 2, orgId: 4, kind: 'OrderDeposit' };
    for (const [role, org] of [
      [ROLES.merchantProManager, merchantOrg],
      [ROLES.superAdmin, operatorOrg],
    ] as const) {
      expect(chainWallet.canDo(role, 'edit', { record: hot, org })).toBe(true);
      for (const action of ['edit', 'delete']) expect(chainWallet.canDo(role, action, { record: orderDeposit, org })).toBe(false);
      expect(chainWallet.canDo(role, 'show', { record: orderDeposit, org })).toBe(true);
    }
  });
});

describe('registry: one source for the dataProvider', () => {
  it('each resource under its route name and its API name, plus every lookup its fields read', () => {
    const registry = registryOf([declare()]);
    expect(registry.aggregate).toBe(registry['chain-wallet']);
    expect(registry['@lookup/sys/chain/list#chainId']).toMatchObject({ paths: { list: ApiPath.chain.list }, idField: 'chainId' });
    expect(registry['@lookup/sys/currency/list#id']).toMatchObject({ idField: 'id' });
  });

  it('one endpoint read for two value fields is two lookups, each with its own record id', () => {
    const wallets = (value: string) => ({ path: ApiPath.chainWallet.list, value, label: 'label' });
    const registry = registryOf([
      declare({
        fields: [
          { source: 'walletId', kind: 'enum', choices: wallets('id') },
          { source: 'to', kind: 'enum', choices: wallets('address') },
        ],
      }),
    ]);
    expect(registry['@lookup/sys/chain-wallet/list#id']).toMatchObject({ idField: 'id' });
    expect(registry['@lookup/sys/chain-wallet/list#address']).toMatchObject({ idField: 'address' });
  });

  it('two declarations on one route are refused', () => {
    expect(() => registryOf([declare(), declare({ name: 'other' })])).toThrow(/two resources/);
  });
});

describe('fields: where each shows, and what a form sends', () => {
  const wallet = declare();
  it('list / show / filter / forms', () => {
    const sources = (place: Parameters<typeof fieldsFor>[1]) => fieldsFor(wallet, place).map((f) => f.source);
    expect(sources('list')).toEqual(['chainId', 'label', 'balances']);
    expect(sources('show')).toEqual(['chainId', 'label', 'signers', 'balances']);
    expect(sources('create')).toEqual(['chainId', 'label', 'signers']);
    expect(sources('edit')).toEqual(['chainId', 'label', 'signers']);
    expect(sources('filter')).toEqual([]);
  });

  it('the create body: form fields only; blank non-text values left out; cleared text as ""', () => {
    expect(toPayload(wallet, { chainId: 1, label: null, signers: [3, 4], balances: [{ amount: '1' }], orgName: 'X' }, 'create')).toEqual({
      chainId: 1,
      label: '',
      signers: [3, 4],
    });
    expect(toPayload(wallet, { chainId: '', signers: [] }, 'create')).toEqual({ signers: [] });
  });

  it('the update body: the id, the editable fields; create-only fields stay; signer objects become their ids', () => {
    const record = {
      id: 9,
      chainId: 1,
      label: 'hot',
      signers: [
        { userId: 3, account: 'a' },
        { userId: 4, account: 'b' },
      ],
      balances: [],
    };
    expect(toPayload(wallet, record, 'edit')).toEqual({ id: 9, label: 'hot', signers: [3, 4] });
  });

  it('a reference to numeric ids is sent as a number, on create and on edit, whatever the input held ("137", ["3"])', () => {
    expect(toPayload(wallet, { chainId: '137', label: 'x', signers: ['3', 4] }, 'create')).toEqual({
      chainId: 137,
      label: 'x',
      signers: [3, 4],
    });
    const editable = declare({
      fields: [
        { source: 'chainId', kind: 'reference', reference: 'chain' },
        { source: 'label', kind: 'text' },
      ],
    });
    expect(toPayload(editable, { id: 9, chainId: '56', label: 'x' }, 'edit')).toEqual({ id: 9, chainId: 56, label: 'x' });
    const byCode = declare({
      fields: [{ source: 'tender', kind: 'reference', reference: { path: resourcePaths('t').list, value: 'code', label: 'code' } }],
    });
    expect(toPayload(byCode, { tender: '840' }, 'create')).toEqual({ tender: '840' });
  });
});

describe('built-in reference targets without a list endpoint yet', () => {
  it('org: the session’s memberships plus the org the record names', () => {
    expect(REFERENCE_TARGETS.org.fromRecord?.({ orgId: 4, orgName: 'Aurora Pay (Pro)', kind: 'Hot' })).toEqual([
      { orgId: 4, orgName: 'Aurora Pay (Pro)' },
    ]);
    expect(REFERENCE_TARGETS.org.fromRecord?.({ kind: 'Hot' })).toEqual([]);
  });

  it('member: the signers the record carries, labelled by name and account', () => {
    const member = REFERENCE_TARGETS.member;
    const signers = member.fromRecord?.({ signers: [{ userId: 3, userName: 'Paula Pro', account: 'merchantProManager' }, 5] }) ?? [];
    expect(signers).toEqual([{ userId: 3, userName: 'Paula Pro', account: 'merchantProManager' }]);
    expect(typeof member.label === 'function' && member.label(signers[0], (key) => key)).toBe('Paula Pro (merchantProManager)');
  });
});
