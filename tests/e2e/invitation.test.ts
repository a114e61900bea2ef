import { expect, test } from './test';
import { e2eEnvironment, signedInPage, submitSignUp } from './harness';

const env = e2eEnvironment();

test.describe('invitations and sign-up, in the browser', () => {
  test('an agent manager issues a code; the merchant signs up with its link, lands on /home as manager; the code is then used', async () => {
    const agent = await signedInPage(env, 'agentManager');
    await agent.getByRole('menuitem', { name: 'Invitations' }).click();
    await agent.getByRole('link', { name: 'Create' }).click();
    await agent.locator('form').getByLabel('Merchant organisation').fill('Hazel Hardware');
    await agent.locator('form').getByRole('combobox', { name: 'Tier' }).click();
    await agent.getByRole('option', { name: 'Standard merchant' }).click();
    await agent.locator('form').getByLabel('Invitee account').fill('hazelOwner');
    await agent.getByRole('button', { name: 'Save' }).click();
    await agent.waitForURL(/\/invitation\/\d+\/show$/);
    const link = await agent.getByLabel('Sign-up link').inputValue();
    expect(link).toMatch(new RegExp(`^${env.server.baseUrl}/signup\\?code=[0-9A-Z-]{14}&account=hazelOwner$`));

    const merchant = await env.browser.newPage();
    await merchant.goto(link);
    const code = decodeURIComponent(new URL(link).searchParams.get('code')!);
    expect(await merchant.getByLabel('Invitation code').inputValue()).toBe(code);
    expect(await merchant.getByLabel('Account').inputValue()).toBe('hazelOwner');
    await submitSignUp(merchant, { name: 'Hazel Owner', password: 'Hazel-2026', repeat: 'Hazel-2027' });
    await merchant.getByText('The two passwords differ.').waitFor();
    await merchant.getByLabel('Repeat the password').fill('Hazel-2026');
    await merchant.getByRole('button', { name: 'Create account' }).click();
    await merchant.waitForURL(/\/home$/);
    await expect.poll(() => merchant.getByTestId('home-networks').textContent()).toBe('3');
    await expect(merchant.locator('header')).toContainText('Hazel Hardware');

    await agent.reload();
    await expect.poll(() => agent.locator('main').textContent()).toContain('hazelOwner');
    expect(await agent.getByRole('button', { name: 'Withdraw' }).count()).toBe(0);
    await agent.close();

    // The same link again: refused on the code field, nothing created.
    const again = await env.browser.newPage();
    await again.goto(link);
    await submitSignUp(again, { account: 'hazelTwin', name: 'Hazel Twin', password: 'Hazel-2026' });
    await again.getByText('This invitation has already been used.').first().waitFor();
    expect(new URL(again.url()).pathname).toBe('/signup');
    await again.close();
    await merchant.close();
  });

  test('an agent manager withdraws an open code; the agent employee reads codes but issues none', async () => {
    const page = await signedInPage(env, 'agentManager', '/invitation/create');
    await page.locator('form').getByLabel('Merchant organisation').fill('Ivy Imports');
    await page.getByRole('button', { name: 'Save' }).click();
    // The invitee is required, checked with the server's rule before anything is sent.
    await page.locator('form').getByText('Required.').waitFor();
    await page.locator('form').getByLabel('Invitee account').fill('ivyOwner');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/invitation\/\d+\/show$/);
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/invitation$/);
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Ivy Imports' }).textContent()).toContain('Withdrawn');
    await page.close();

    const employee = await signedInPage(env, 'agentEmployee', '/invitation');
    await expect.poll(() => employee.locator('table').textContent()).toContain('Ivy Imports');
    expect(await employee.getByRole('link', { name: 'Create' }).count()).toBe(0);
    // Codes are masked for those who do not issue them, and there is no link to hand over.
    const ivy = employee.getByRole('row').filter({ hasText: 'Ivy Imports' });
    expect(await ivy.textContent()).toMatch(/••••-••••-[0-9A-Z]{4}/);
    expect(await ivy.textContent()).toContain('ivyOwner');
    await ivy.getByText('Ivy Imports').click();
    await employee.waitForURL(/\/invitation\/\d+\/show$/);
    await employee.getByText('ivyOwner').waitFor();
    expect(await employee.getByLabel('Sign-up link').count()).toBe(0);
    await employee.close();
  });

  test('a code used by another account: sign-up and join say so on the input, and nobody is signed out', async () => {
    const agent = await signedInPage(env, 'agentManager', '/invitation/create');
    await agent.locator('form').getByLabel('Merchant organisation').fill('Oak Outfitters');
    await agent.locator('form').getByLabel('Invitee account').fill('oakOwner');
    await agent.getByRole('button', { name: 'Save' }).click();
    await agent.waitForURL(/\/invitation\/\d+\/show$/);
    const link = await agent.getByLabel('Sign-up link').inputValue();
    const code = decodeURIComponent(new URL(link).searchParams.get('code')!);
    await agent.close();

    const refusal = 'This invitation was issued for another account. Ask for one in your account name.';
    const thief = await env.browser.newPage();
    await thief.goto(link);
    await submitSignUp(thief, { account: 'oakThief', name: 'Oak Thief', password: 'Oak-2026x' });
    await thief.getByText(refusal).waitFor();
    expect(new URL(thief.url()).pathname).toBe('/signup');
    await thief.close();

    const colleague = await signedInPage(env, 'agentEmployee', '/account');
    await colleague.getByRole('textbox', { name: 'Invitation code' }).fill(code);
    await colleague.getByRole('button', { name: 'Join', exact: true }).click();
    await colleague.getByText(refusal).waitFor();
    expect(new URL(colleague.url()).pathname).toBe('/account');
    await colleague.reload();
    await colleague.getByRole('textbox', { name: 'Invitation code' }).waitFor();
    expect(new URL(colleague.url()).pathname).toBe('/account');
    await colleague.close();

    // The code is still open for its invitee.
    const owner = await env.browser.newPage();
    await owner.goto(link);
    await submitSignUp(owner, { name: 'Oak Owner', password: 'Oak-2026x' });
    await owner.waitForURL(/\/home$/);
    // The org switcher is among the app bar's parts drawn once the first screen settled (docs/console.md "The first load").
    await expect(owner.locator('header')).toContainText('Oak Outfitters');
    await owner.close();
  });
});
