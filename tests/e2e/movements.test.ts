import { expect, test } from './test';
import { e2eEnvironment, signedInPage } from './harness';
import { ApiPath } from '../../src/contract/apiPaths';

const env = e2eEnvironment();
const EXTERNAL = '0x2222222222222222222222222222222222222222';

/** The USDC balance of Birch deposits as /aggregate lists it. */
async function birchUsdc(baseUrl: string, token: string): Promise<string> {
  return (await birch(baseUrl, token)).usdc;
}

async function birch(baseUrl: string, token: string): Promise<{ id: number; usdc: string }> {
  const res = await fetch(`${baseUrl}/api${ApiPath.chainWallet.list}?chainId=1&pageSize=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const wallets = (
    (await res.json()) as { data: { list: Array<{ id: number; label: string; balances: Array<{ symbol: string; amount: string }> }> } }
  ).data.list;
  const wallet = wallets.find((w) => w.label === 'Birch deposits')!;
  return { id: wallet.id, usdc: wallet.balances.find((b) => b.symbol === 'USDC')!.amount };
}

/** Birch deposits' USDC ledger entries, newest first (the asset flow). */
async function birchUsdcEntries(
  baseUrl: string,
  token: string,
  walletId: number,
): Promise<Array<{ id: number; delta: string; reason: string }>> {
  const res = await fetch(`${baseUrl}/api${ApiPath.assetFlow.list}?walletId=${walletId}&symbol=USDC&sort=id&order=DESC&pageSize=50`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: { list: Array<{ id: number; delta: string; reason: string }> } }).data.list;
}

test.describe('money movements', () => {
  test('standard finance transfers from a hot wallet: executed at once, the balance lowered', async () => {
    const page = await signedInPage(env, 'merchantStdFinance');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const wallet = await birch(env.server.baseUrl, token!);
    const before = Number(wallet.usdc);
    const lastEntry = (await birchUsdcEntries(env.server.baseUrl, token!, wallet.id))[0]?.id ?? 0;

    await page.getByRole('menuitem', { name: 'Transfers' }).click();
    await page.waitForURL(/\/transfer$/);
    await page.getByRole('link', { name: 'Create' }).click();
    const form = page.locator('form');
    await form.getByRole('combobox', { name: 'From wallet' }).click();
    await page.getByRole('option', { name: 'Birch deposits (Hot wallet)' }).click();
    await form.getByLabel('To address').fill(EXTERNAL);
    await form.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: 'USDC' }).click();
    await form.getByLabel('Amount').fill('12.1234567');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('At most 6 decimal places.').waitFor();
    await form.getByLabel('Amount').fill('12.5');
    // Save is disabled while the form re-validates after the change.
    await page.getByText('At most 6 decimal places.').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/transfer$/);

    const row = page.getByRole('row').filter({ hasText: '12.5' }).first();
    await expect.poll(() => row.textContent()).toContain('Executed');
    // Lowered by 12.5, besides what the deposit watcher books into it meanwhile (the demo's late payments, read from the devnet).
    const since = async () => (await birchUsdcEntries(env.server.baseUrl, token!, wallet.id)).filter((e) => e.id > lastEntry);
    await expect
      .poll(async () => (await since()).filter((e) => e.reason !== 'deposit').map((e) => [e.reason, Number(e.delta)]))
      .toEqual([['movement', -12.5]]);
    const unexplained = async () => {
      const balance = Number(await birchUsdc(env.server.baseUrl, token!));
      const arrived = (await since()).filter((e) => e.reason === 'deposit').reduce((sum, e) => sum + Number(e.delta), 0);
      return Math.abs(balance - (before - 12.5 + arrived)) < 1e-6;
    };
    await expect.poll(unexplained).toBe(true);
    // Who asked is on the record's page (the table keeps what tells rows apart).
    await row.getByRole('cell').first().click();
    await page.waitForURL(/\/transfer\/\d+\/show$/);
    await expect.poll(() => page.locator('main').textContent()).toContain('merchantStdFinance');
    await page.close();
  });

  test('the pro manager supplies the hot wallet from the cold multisig wallet: it becomes a proposal', async () => {
    const page = await signedInPage(env, 'merchantProManager');
    await page.getByRole('menuitem', { name: 'Supply', exact: true }).click();
    await page.waitForURL(/\/supply$/);
    await page.getByRole('link', { name: 'Create' }).click();
    const form = page.locator('form');
    await form.getByRole('combobox', { name: 'From wallet' }).click();
    await page.getByRole('option', { name: 'Aurora cold (Multisig cold (Safe))' }).click();
    await form.getByRole('combobox', { name: 'To address' }).click();
    await page.getByRole('option', { name: 'Aurora deposits (Hot wallet)' }).click();
    await form.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: 'ETH' }).click();
    await form.getByLabel('Amount').fill('1.25');
    await form.getByLabel('Memo').fill('Float for payouts');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/supply$/);

    const row = page.getByRole('row').filter({ hasText: '1.25' }).first();
    await expect.poll(() => row.textContent()).toContain('Pending');
    await row.getByRole('link', { name: /^Aurora cold · #\d+$/ }).click();
    await page.waitForURL(/\/multisig\/\d+\/show$/);
    await expect.poll(() => page.locator('main').textContent()).toContain('Float for payouts');
    await page.close();
  });

  test('a lite employee may transfer; standard employees read withdrawals without a create button', async () => {
    const lite = await signedInPage(env, 'merchantLiteEmployee');
    await lite.getByRole('menuitem', { name: 'Transfers' }).click();
    await lite.waitForURL(/\/transfer$/);
    await expect.poll(() => lite.locator('table').textContent()).toContain('Cedar deposits');
    expect(await lite.getByRole('link', { name: 'Create' }).count()).toBe(1);
    expect(await lite.getByRole('menuitem', { name: 'Supply', exact: true }).count()).toBe(0);
    await lite.close();

    const employee = await signedInPage(env, 'merchantStdEmployee');
    await employee.getByRole('menuitem', { name: 'Withdrawals' }).click();
    await employee.waitForURL(/\/withdraw$/);
    await expect.poll(() => employee.locator('table').textContent()).toContain('Birch deposits');
    expect(await employee.getByRole('link', { name: 'Create' }).count()).toBe(0);
    await employee.goto(`${env.server.baseUrl}/withdraw/create`);
    await employee.waitForURL(/\/403$/);
    await employee.close();
  });
});
