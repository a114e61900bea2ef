import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import checkout from '../../../public/locales/en-US/checkout.json';
import api from '../../../public/locales/en-US/api.json';
import { CheckoutPage, OrderView } from '../../../src/checkout/CheckoutPage';
import { PayLinkPage } from '../../../src/checkout/PayLinkPage';
import type { CheckoutOrderView } from '../../../src/checkout/api';
import { ORDER_STATES } from '../../../src/contract/schemas/merchantOrder';
import { FINAL_STATES } from '../../../src/checkout/orderStates';

/** The checkout pages (src/checkout) against msw: the state live without reload, amounts, words per state. */
const i18n = createInstance().use(initReactI18next);
void i18n.init({
  lng: 'en-US',
  resources: { 'en-US': { checkout, api } },
  defaultNS: 'checkout',
  fallbackNS: 'api',
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initImmediate: false,
});

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const envelope = (data: unknown, code = 200, msg = 'ok') => HttpResponse.json({ code, msg, data });

function wrap(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </I18nextProvider>,
  );
}

const order = (over: Partial<CheckoutOrderView> = {}): CheckoutOrderView => ({
  orderNo: 'P20261129001',
  state: 'pending',
  merchantName: 'Aurora Coffee',
  amount: '12.5',
  received: '0',
  missing: '12.5',
  excess: '0',
  currency: 'USDT',
  decimals: 6,
  contractAddress: '0x2222222222222222222222222222222222222222',
  chainId: 1,
  walletChainId: 900_000_001,
  chainName: 'Ethereum',
  family: 'evm',
  mode: 'devnet',
  canSimulatePayment: false,
  depositAddress: '0x1111111111111111111111111111111111111111',
  paymentUri:
    'ethereum:0x2222222222222222222222222222222222222222@900000001/transfer?address=0x1111111111111111111111111111111111111111&uint256=12500000',
  amountUnits: '12500000',
  expiresAt: '2026-11-29T07:00:00.000Z',
  paidAt: null,
  txHash: null,
  now: '2026-11-29T06:00:00.000Z',
  ...over,
});

describe('/checkout/<code>', () => {
  it('shows a payment arriving without a reload, and stops asking once it is final', async () => {
    let reads = 0;
    server.use(
      http.get('*/api/v1/checkout/:code', ({ params }) => {
        expect(params.code).toBe('abc');
        reads += 1;
        return envelope(
          reads < 2
            ? order()
            : order({ state: 'paid', received: '12.5', missing: '0', paidAt: '2026-11-29T06:01:00.000Z', txHash: '0xfeed' }),
        );
      }),
    );
    wrap(<CheckoutPage code="abc" />);
    const state = await screen.findByTestId('order-state');
    expect(state).toHaveProperty('role', 'status');
    expect(state.getAttribute('aria-live')).toBe('polite');
    expect(within(state).getByText('Waiting for payment')).toBeTruthy();
    expect(screen.getByTestId('countdown').textContent).toContain('1:00:00');
    expect(screen.getByRole('img', { name: /QR code of this payment/ })).toBeTruthy();
    expect(screen.getByTestId('deposit-address').textContent).toBe('0x1111111111111111111111111111111111111111');
    expect(screen.getByText('Send exactly 12.50 USDT to this address, on this network only.')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('order-state')).getByText('Paid')).toBeTruthy(), { timeout: 10_000 });
    expect(screen.getByTestId('order-state').textContent).toContain('0xfeed');
    // Final: no countdown, no address to pay to, and no more reads.
    expect(screen.queryByTestId('countdown')).toBeNull();
    expect(screen.queryByTestId('deposit-address')).toBeNull();
    const settled = reads;
    await act(() => new Promise((resolve) => setTimeout(resolve, 2_500)));
    expect(reads).toBe(settled);
  });

  it('an unknown code is "not found" in words', async () => {
    server.use(http.get('*/api/v1/checkout/:code', () => envelope(null, 404, 'Order was not found.')));
    wrap(<CheckoutPage code="nope" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeTruthy();
  });
});

describe('what each state says', () => {
  const view = (over: Partial<CheckoutOrderView>) => wrap(<OrderView code="abc" order={order(over)} receivedAt={Date.now()} />);

  it('underpaid: what arrived and what is missing, and the wallet sends what is missing', () => {
    view({ state: 'underpaid', received: '10', missing: '2.5', amountUnits: '2500000' });
    expect(screen.getByTestId('order-state').textContent).toContain('Received 10.00 USDT; still missing 2.50 USDT.');
    expect(screen.getByText('Send the missing 2.50 USDT to this address, on this network only.')).toBeTruthy();
  });

  it('overpaid: the excess, recorded for a refund', () => {
    view({ state: 'overpaid', received: '13', missing: '0', excess: '0.5' });
    expect(screen.getByTestId('order-state').textContent).toContain('0.50 USDT more than the amount arrived');
  });

  it('expired: no address to pay to, no countdown', () => {
    view({ state: 'expired' });
    expect(screen.getByTestId('order-state').textContent).toContain('Do not send anything to this address');
    expect(screen.queryByTestId('deposit-address')).toBeNull();
    expect(screen.queryByTestId('countdown')).toBeNull();
  });

  it('TRON (simulated) outside devnet mode says plainly that payments are simulated, and offers no wallet and no simulation', () => {
    view({
      mode: 'simulated',
      family: 'tron',
      chainName: 'TRON',
      contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      depositAddress: 'TXyz',
    });
    expect(screen.getByTestId('simulated').textContent).toContain('Payments on TRON are simulated');
    expect(screen.getByTestId('simulated').textContent).toContain('cannot be paid here yet');
    expect(screen.queryByRole('button', { name: 'Pay with my browser wallet' })).toBeNull();
    // Nothing invites a payment that would never be seen: no "send exactly", no QR code.
    expect(screen.queryByText(/Send exactly/)).toBeNull();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Simulate a payment' })).toBeNull();
  });

  it('TRON in devnet mode: a plain note that the network is simulated, and a simulated payment of what is missing', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/checkout/:code/simulate-payment', async ({ request, params }) => {
        expect(params.code).toBe('abc');
        bodies.push(await request.json());
        return envelope({ txHash: 'ab'.repeat(32) });
      }),
    );
    let refetched = 0;
    wrap(
      <OrderView
        code="abc"
        order={order({
          state: 'underpaid',
          received: '10',
          missing: '2.5',
          mode: 'simulated',
          canSimulatePayment: true,
          family: 'tron',
          chainName: 'TRON',
          contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
          depositAddress: 'TXyz',
        })}
        receivedAt={Date.now()}
        refetch={() => (refetched += 1)}
      />,
    );
    const note = screen.getByTestId('simulated').textContent;
    expect(note).toContain('TRON is simulated on this test platform');
    expect(note).toContain('Do not send real money');
    expect(note).not.toContain('cannot be paid here yet');
    expect(screen.queryByRole('button', { name: 'Pay with my browser wallet' })).toBeNull();
    const field = screen.getByLabelText(/Amount in USDT/);
    // Prefilled with what is missing; checked as the server checks it before anything is sent.
    expect((field as HTMLInputElement).value).toBe('2.5');
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '1.1234567');
    await user.click(screen.getByRole('button', { name: 'Simulate a payment' }));
    expect(await screen.findByText('At most 6 decimal places.')).toBeTruthy();
    expect(bodies).toEqual([]);
    await user.clear(field);
    await user.type(field, '1');
    await user.click(screen.getByRole('button', { name: 'Simulate a payment' }));
    await waitFor(() => expect(screen.getByTestId('simulation-status').textContent).toContain('Simulated payment of 1.00 USDT sent'));
    expect(bodies).toEqual([{ amount: '1' }]);
    expect(refetched).toBe(1);
  });

  it("a simulated payment the server refuses says the server's words", async () => {
    server.use(
      http.post('*/api/v1/checkout/:code/simulate-payment', () =>
        envelope(null, 409, 'This order takes no more payments: nothing was simulated.'),
      ),
    );
    wrap(<OrderView code="abc" order={order({ mode: 'simulated', canSimulatePayment: true, family: 'tron' })} receivedAt={Date.now()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Simulate a payment' }));
    await waitFor(() => expect(screen.getByTestId('simulation-error').textContent).toContain('This order takes no more payments'));
  });

  it('the faucet is offered on the devnet only', () => {
    view({ mode: 'rpc' });
    expect(screen.getByRole('button', { name: 'Pay with my browser wallet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get test coins' })).toBeNull();
  });

  it('every state has its words, and the final ones are those the server never changes', () => {
    for (const state of ORDER_STATES) {
      expect((checkout.checkout.state as Record<string, string>)[state]).toBeTruthy();
      expect((checkout.checkout.stateText as Record<string, string>)[state]).toBeTruthy();
    }
    expect([...FINAL_STATES].sort()).toEqual(['expired', 'failed', 'overpaid', 'paid', 'paid_late']);
  });
});

describe('/pay/<code>', () => {
  const link = {
    title: 'Donations',
    merchantName: 'Aurora Coffee',
    amount: null,
    currency: 'USDT',
    decimals: 2,
    chainId: 1,
    chainName: 'Ethereum',
  };

  it('checks the amount as the server does, then starts the order and goes to its checkout page', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/v1/pay/:code', () => envelope(link)),
      http.post('*/api/v1/pay/:code/order', async ({ request }) => {
        bodies.push(await request.json());
        return envelope({ checkoutCode: 'xyz' });
      }),
    );
    window.history.replaceState(null, '', '/pay/link1');
    wrap(<PayLinkPage code="link1" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Donations' })).toBeTruthy();
    expect(screen.getByText('Payment to Aurora Coffee')).toBeTruthy();
    const field = screen.getByLabelText(/Amount in USDT/);
    const user = userEvent.setup();
    await user.type(field, '1.234');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('At most 2 decimal places.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([]);
    await user.clear(field);
    await user.type(field, '12.5');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(window.location.pathname).toBe('/checkout/xyz'));
    expect(bodies).toEqual([{ amount: '12.5' }]);
  });

  it("a refusal of the server's is shown at the field it names", async () => {
    server.use(
      http.get('*/api/v1/pay/:code', () => envelope(link)),
      http.post('*/api/v1/pay/:code/order', () =>
        envelope({ amount: 'Amount too large for this link.' }, 400, 'Some fields are not valid.'),
      ),
    );
    wrap(<PayLinkPage code="link1" />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Amount in USDT/), '5');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Amount too large for this link.')).toBeTruthy();
  });

  it('a fixed amount is shown, not asked', async () => {
    server.use(http.get('*/api/v1/pay/:code', () => envelope({ ...link, title: 'Monthly plan', amount: '49.9' })));
    wrap(<PayLinkPage code="link0" />);
    expect(await screen.findByText('49.90 USDT')).toBeTruthy();
    expect(screen.queryByLabelText(/Amount in USDT/)).toBeNull();
  });
});
