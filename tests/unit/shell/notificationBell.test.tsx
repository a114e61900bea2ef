import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CustomRoutes } from 'react-admin';
import { Route, useParams } from 'react-router-dom';
import { startMockApi } from '../dataProvider/harness';
import { answer, mountAdmin } from '../resources/harness';
import { NotificationBell } from '../../../src/shell/appBar/NotificationBell';
import { ApiPath, withId } from '../../../src/contract/apiPaths';
import type { NotificationRecordInput } from '../../../src/contract/schemas/notification';
import { WEBHOOK_DISABLED_NOTICE } from '../../../src/contract/webhook';

startMockApi();

/** The app bar's bell (docs/webhooks.md "Notifications in the app bar"): count, list, and marking read. */

const notice = (id: number, proposalId: number, readAt: string | null, extra: Record<string, unknown> = {}): NotificationRecordInput => ({
  id,
  kind: 'proposal.needs_approval',
  subject: `proposal:${proposalId}`,
  data: {
    proposalId,
    walletId: 3,
    walletLabel: 'Birch cold',
    nonce: proposalId,
    kind: 'transfer',
    amount: '12.5',
    symbol: 'USDC',
    ...extra,
  },
  createdAt: '2026-11-29T10:00:00.000Z',
  readAt,
});

function EndpointPage() {
  const { id } = useParams();
  return <p>endpoint page {id}</p>;
}

function ProposalPage() {
  const { id } = useParams();
  return <p>proposal page {id}</p>;
}

function mountBell() {
  mountAdmin(
    [],
    '/home',
    'merchantStdManager',
    <CustomRoutes>
      <Route path="/home" element={<NotificationBell />} />
      <Route path="/multisig/:id/show" element={<ProposalPage />} />
      <Route path="/webhook/:id/show" element={<EndpointPage />} />
    </CustomRoutes>,
  );
}

describe('the notification bell', () => {
  it('shows the unread count and lists what waits, which wallet, how much', async () => {
    answer('get', ApiPath.notification.list, {
      list: [notice(2, 8, null), notice(1, 7, '2026-11-29T10:05:00.000Z', { kind: 'governance', amount: '0', symbol: '' })],
      unread: 1,
    });
    mountBell();
    const bell = await screen.findByRole('button', { name: '1 unread notification' });
    expect(within(bell).getByText('1')).toBeTruthy();
    fireEvent.click(bell);
    const items = await screen.findAllByTestId('notification-item');
    expect(items.map((item) => item.textContent)).toEqual([
      'Transfer waits for your approvalBirch cold · #8 · 12.5 USDC',
      'Signer change waits for your approvalBirch cold · #7',
    ]);
    expect(items.map((item) => item.dataset.unread)).toEqual(['true', 'false']);
  });

  it('opening a notice marks it read and leads to its proposal', async () => {
    let unread = 2;
    answer('get', ApiPath.notification.list, () => ({
      list: [notice(5, 11, unread === 2 ? null : '2026-11-29T10:06:00.000Z'), notice(4, 10, null)],
      unread,
    }));
    const marked = answer('post', withId(ApiPath.notification.read, 5), () => {
      unread = 1;
      return { unread };
    });
    mountBell();
    fireEvent.click(await screen.findByRole('button', { name: '2 unread notifications' }));
    fireEvent.click((await screen.findAllByTestId('notification-item'))[0]);
    expect(await screen.findByText('proposal page 11')).toBeTruthy();
    expect(marked).toHaveLength(1);
  });

  it('"Mark all read" marks them all and the count goes', async () => {
    let unread = 2;
    answer('get', ApiPath.notification.list, () => ({ list: [notice(5, 11, null), notice(4, 10, null)].slice(0, unread), unread }));
    const all = answer('post', ApiPath.notification.readAll, () => {
      unread = 0;
      return { unread };
    });
    mountBell();
    fireEvent.click(await screen.findByRole('button', { name: '2 unread notifications' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(all).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Notifications', hidden: true })).toBeTruthy();
    expect(screen.getByText('No notifications.')).toBeTruthy();
  });

  it('an endpoint the delivery loop turned off is told with its URL, and opening it leads to the endpoint', async () => {
    answer('get', ApiPath.notification.list, {
      list: [
        {
          id: 9,
          kind: WEBHOOK_DISABLED_NOTICE,
          subject: 'webhook:4',
          data: { endpointId: 4, url: 'https://shop.example/hooks', reason: 'every delivery failed for 5 days' },
          createdAt: '2026-11-29T10:00:00.000Z',
          readAt: null,
        },
      ],
      unread: 1,
    });
    answer('post', withId(ApiPath.notification.read, 9), { unread: 0 });
    mountBell();
    fireEvent.click(await screen.findByRole('button', { name: '1 unread notification' }));
    const [item] = await screen.findAllByTestId('notification-item');
    expect(item!.textContent).toBe('A webhook endpoint was turned off: every delivery failed for 5 dayshttps://shop.example/hooks');
    fireEvent.click(item!);
    expect(await screen.findByText('endpoint page 4')).toBeTruthy();
  });
});
