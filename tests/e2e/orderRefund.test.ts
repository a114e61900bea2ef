import { parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, test } from './test';
import { e2eEnvironment, signedInPage } from './harness';
import { devnetCall, PAID_WAIT_MS, payLinkOrderPaid } from './devnetPayment';

/**
 * Refunding an overpaid order's excess (docs/payments.md "Refunding an overpaid order's excess"): a payer
 * pays more than an order of the merchant's pay link on the devnet; its manager finds the order on
 * /order-repair, refunds the excess to the payer's address with one button and a confirm, and that address
 * holds exactly the excess on chain; an employee of the same org is offered no refund.
 */
const env = e2eEnvironment();
/** The payer: an account of its own, given coin and tokens by the devnet's faucet, that pays from its address. */
const payer = privateKeyToAccount(generatePrivateKey());
/** Where the excess goes: back to the payer, the only address a refund may go to. */
const REFUND_TO = payer.address;

test.describe('refunding an overpaid order’s excess on /order-repair', () => {
  test.setTimeout(PAID_WAIT_MS + 180_000);

  test('the manager refunds the excess with one button and a confirm; the address holds it on chain', async () => {
    // An order of the manager's own pay link, paid 52 on the devnet.
    const { order, view } = await payLinkOrderPaid(env.server, '52', 'overpaid', payer);

    // An employee of the same org finds the order and is offered no refund.
    const employee = await signedInPage(env, 'merchantProEmployee', '/order-repair');
    await employee.getByLabel('Order no. or transaction hash').fill(order.orderNo);
    await employee.getByRole('button', { name: 'Find' }).click();
    await employee.getByRole('heading', { name: order.orderNo }).waitFor();
    expect(await employee.getByRole('button', { name: 'Refund the excess' }).count()).toBe(0);
    await employee.close();

    const page = await signedInPage(env, 'merchantProManager', '/order-repair');
    await page.getByLabel('Order no. or transaction hash').fill(order.orderNo);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('heading', { name: order.orderNo }).waitFor();
    const refundeeHolds = async () =>
      BigInt(
        await devnetCall<string>(env.server.baseUrl, 'eth_call', [
          { to: order.contractAddress, data: `0x70a08231${REFUND_TO.slice(2).toLowerCase().padStart(64, '0')}` },
          'latest',
        ]),
      );
    const before = await refundeeHolds();
    const refund = page.getByTestId('order-refund');
    await expect(refund).toContainText('Overpaid: 2.1 USDT');
    // The payer's address is proposed, the only choice: a refund goes back to whoever paid.
    await expect(refund.getByRole('combobox')).toContainText(REFUND_TO);
    await refund.getByRole('button', { name: 'Refund the excess' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('2.1 USDT');
    await expect(dialog).toContainText(REFUND_TO);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(`2.1 USDT refunded to ${REFUND_TO}.`)).toBeVisible({ timeout: 60_000 });
    // The button is gone; the order says what went where.
    await expect(page.getByTestId('order-refunded')).toContainText(REFUND_TO);
    expect(await page.getByRole('button', { name: 'Refund the excess' }).count()).toBe(0);

    // On chain the address received exactly the excess; the order stays overpaid.
    expect((await refundeeHolds()) - before).toBe(parseUnits('2.1', order.decimals));
    expect((await view()).state).toBe('overpaid');
    await page.close();
  });
});
