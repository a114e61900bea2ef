import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { auditLog } from '../../../src/resources/auditLog';
import assetFlowDeclaration from '../../../src/resources/assetFlow/resource';
import { defineResource } from '../../../src/resources/engine';
import { exportColumns } from '../../../src/resources/engine/exportColumns';
import { fieldChanges } from '../../../src/resources/auditLog/auditValues';
import { session } from '../../../src/session';
import { startMockApi } from '../dataProvider/harness';
import { answer, mountAdmin } from './harness';
import type { AuditEventRecord } from '../../../src/contract/schemas/auditLog';
import { auditEvent as event } from './auditFixtures';
import type { LedgerVerifyResult } from '../../../src/contract/schemas/ledger';
import { ApiPath } from '../../../src/contract/apiPaths';

/** The ledger screen (/asset-flow), from its declaration. */
const assetFlow = defineResource(assetFlowDeclaration);

startMockApi();

// The screens' lazy parts, loaded once before the tests: a first test on a busy machine then waits for
// the API's answers, not for a module graph to compile within one findBy's 5 s.
beforeAll(async () => {
  await Promise.all([
    import('../../../src/resources/engine/views/GeneratedList'),
    import('../../../src/resources/auditLog/ActorField'),
    import('../../../src/resources/auditLog/AuditLogSummary'),
    import('../../../src/resources/auditLog/AuditEventDrawer'),
    import('../../../src/resources/reports/ReportEmpty'),
    import('../../../src/resources/assetFlow/LedgerCheck'),
  ]);
}, 60_000);

const seeded = event({
  id: 3,
  actorId: null,
  actorAccount: null,
  actorName: null,
  action: 'create',
  entity: 'chain',
  entityId: '1',
  before: null,
  after: { name: 'Ethereum', chainId: '1' },
  clientAddress: null,
  route: 'demo seed',
});

const intactChain = { intact: true, checked: 120, firstBroken: null, asOf: '2026-11-20T10:00:00.000Z' };

/** /audit-log as `role`, listing `list`, with the chain's check answering `verify` (by default: intact). */
function mountLog(role: 'superAdmin' | 'merchantProManager', list: AuditEventRecord[], verify: Parameters<typeof answer>[2] = intactChain) {
  session.setChainList([{ chainId: 1, name: 'Ethereum', isDefault: true } as never]);
  const listed = answer('get', ApiPath.auditLog.list, { list, count: list.length });
  const verified = answer('get', ApiPath.auditLog.verify, verify);
  mountAdmin([auditLog], '/audit-log', role);
  return { listed, verified };
}

describe('/audit-log', () => {
  it('lists who did what, the system by name, and filters by actor, action and record', async () => {
    const { listed } = mountLog('superAdmin', [event({}), seeded]);
    await screen.findByText('Sam Super');
    expect(await screen.findByText('System')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Actor account starts with'), 'merch');
    await expect.poll(() => listed.at(-1)?.query.actor, { timeout: 5000 }).toBe('merch');
    await user.click(screen.getByRole('combobox', { name: 'Record' }));
    await user.click(await screen.findByRole('option', { name: 'Currency' }));
    await expect.poll(() => listed.at(-1)?.query.entity, { timeout: 5000 }).toBe('currency');
    expect(listed.at(-1)?.query).toMatchObject({ sort: 'createdAt', order: 'desc' });
  }, 60_000);

  it('a row opens its before → after in a drawer, which closes back to the list', async () => {
    mountLog('superAdmin', [event({}), seeded]);
    const user = userEvent.setup();
    await user.click(await screen.findByText('10.0.0.8'));
    const drawer = await screen.findByTestId('audit-event');
    expect(within(drawer).getByRole('heading', { level: 2 }).textContent).toBe('Changed · Currency #2');
    const diff = within(drawer).getByTestId('audit-diff');
    expect(
      within(diff)
        .getAllByRole('row')
        .map((r) =>
          within(r)
            .queryAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([[], ['withdrawFee', '2', '3']]);
    expect(within(drawer).getByText('POST /sys/currency/update')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('audit-event')).toBeNull());
  });

  it('a proposal’s events say what they did and name it by wallet and nonce, in the row and the drawer', async () => {
    const approved = event({
      id: 50,
      action: 'create',
      entity: 'proposalVote',
      entityId: '7:3',
      before: null,
      after: { vote: 'approve' },
      proposalId: 7,
      proposal: 'Aurora cold · #13',
      proposalStep: 'approval',
    });
    const executed = event({
      id: 51,
      entity: 'proposal',
      entityId: '7',
      before: { status: 'approved' },
      after: { status: 'executed' },
      clientAddress: '10.0.0.9',
      proposalId: 7,
      proposal: 'Aurora cold · #13',
      proposalStep: 'executed',
    });
    mountLog('superAdmin', [executed, approved]);
    await screen.findAllByText('Aurora cold · #13');
    expect(screen.getAllByTestId('audit-action').map((cell) => cell.textContent)).toEqual(['Confirmed and executed', 'Approved']);
    expect(screen.queryByText('7')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByText('10.0.0.9'));
    const drawer = await screen.findByTestId('audit-event');
    expect(within(drawer).getByRole('heading', { level: 2 }).textContent).toBe('Confirmed and executed · Proposal Aurora cold · #13');
    expect(within(drawer).getByTestId('audit-event-proposal').getAttribute('href')).toBe('/multisig/7/show');
  });

  it('the operator sees the chain’s check; a manager is never shown it nor calls it', async () => {
    const operator = mountLog('superAdmin', [event({})]);
    expect((await screen.findByTestId('audit-chain')).textContent).toContain('120 events checked');
    expect(operator.verified.length).toBeGreaterThan(0);
  });

  it('a broken chain names its first altered event', async () => {
    mountLog('superAdmin', [event({})], {
      intact: false,
      checked: 120,
      firstBroken: { id: 17, createdAt: '2026-11-20T10:00:00.000Z' },
      asOf: '2026-11-20T10:00:00.000Z',
    });
    expect((await screen.findByTestId('audit-chain')).textContent).toMatch(/^Audit chain broken at event #17 /);
  });

  it('events left unsealed too long are named: how many, the oldest, since when', async () => {
    mountLog('superAdmin', [event({})], {
      intact: false,
      checked: 120,
      firstBroken: null,
      unsealed: 3,
      staleUnsealed: { id: 42, createdAt: '2026-11-20T10:00:00.000Z', count: 3 },
      head: { seq: 117, hash: 'ab'.repeat(32) },
      asOf: '2026-11-20T10:05:00.000Z',
    });
    expect((await screen.findByTestId('audit-chain')).textContent).toMatch(
      /^Audit chain not sealed: 3 events waiting, the oldest #42 since /,
    );
  });

  it('a failed chain check is a line, not a crash', async () => {
    mountLog('superAdmin', [event({})], () => {
      throw new Error('down');
    });
    expect((await screen.findByTestId('audit-chain')).textContent).toBe('The audit chain could not be checked.');
  });

  it('a merchant manager does not call the chain check', async () => {
    const manager = mountLog('merchantProManager', [event({ orgId: 7, orgName: 'Test Org' })]);
    await screen.findByText('Test Org');
    expect(screen.queryByTestId('audit-chain')).toBeNull();
    expect(manager.verified).toEqual([]);
  });

  it('created and deleted records: the side that did not exist is empty', () => {
    expect(fieldChanges(null, { name: 'Ethereum' })).toEqual([{ field: 'name', before: null, after: 'Ethereum' }]);
    expect(fieldChanges({ label: 'x', threshold: '2' }, null)).toEqual([
      { field: 'label', before: 'x', after: null },
      { field: 'threshold', before: '2', after: null },
    ]);
  });

  it('Export writes before and after as JSON, not [object Object]', () => {
    const columns = exportColumns(auditLog, ((key: string, options?: { _?: string }) => options?._ ?? key) as never);
    const before = columns.find((c) => c.header === 'before')!;
    expect(before.value(event({}) as never)).toBe('{"withdrawFee":"2"}');
  });
});

describe('the books’ check on /asset-flow', () => {
  const mountFlow = (role: 'superAdmin' | 'merchantProFinance', verify: LedgerVerifyResult | ((call: unknown) => never)) => {
    session.setChainList([{ chainId: 1, name: 'Ethereum', isDefault: true } as never]);
    // A ledger with an entry: an empty list shows its empty state instead (nothing to check yet).
    const entry = {
      id: 1,
      createdAt: '2026-11-20T10:00:00.000Z',
      walletId: 5,
      walletLabel: 'Birch cold',
      orgId: 5,
      orgName: 'Birch',
      chainId: 1,
      symbol: 'USDC',
      delta: '100',
      balanceAfter: '100',
      reason: 'payment',
      proposalId: null,
      proposalWalletLabel: null,
      proposalNonce: null,
      txHash: null,
    };
    answer('get', ApiPath.assetFlow.list, { list: [entry], count: 1 });
    const calls = answer('get', ApiPath.ledger.verify, verify as never);
    mountAdmin([assetFlow], '/asset-flow', role);
    return calls;
  };

  it('balanced: "Books balance as of …"', async () => {
    mountFlow('superAdmin', { balanced: true, asOf: '2026-11-20T10:00:00.000Z', breaks: [] });
    expect((await screen.findByTestId('ledger-check')).textContent).toMatch(/^Books balance as of .*2026/);
  });

  it('breaks: each named with its wallet, coin and what was expected', async () => {
    mountFlow('superAdmin', {
      balanced: false,
      asOf: '2026-11-20T10:00:00.000Z',
      breaks: [
        { kind: 'balanceMismatch', walletId: 5, walletLabel: 'Birch cold', symbol: 'USDC', refId: null, expected: '100', actual: '107' },
      ],
    });
    const card = await screen.findByTestId('ledger-check');
    expect(card.textContent).toContain('1 breaks');
    expect(card.textContent).toContain('Balance differs from its ledger — Birch cold · USDC');
    expect(card.textContent).toContain('Expected 100, found 107');
  });

  it('a failed check is a line, not a crash; other roles never call it', async () => {
    mountFlow('superAdmin', () => {
      throw new Error('down');
    });
    expect((await screen.findByTestId('ledger-check')).textContent).toBe('The books could not be checked.');
  });

  it('finance of a merchant neither sees nor calls the check', async () => {
    const calls = mountFlow('merchantProFinance', { balanced: true, asOf: '2026-11-20T10:00:00.000Z', breaks: [] });
    await screen.findByText('Birch cold');
    expect(screen.queryByTestId('ledger-check')).toBeNull();
    expect(calls).toEqual([]);
  });
});
