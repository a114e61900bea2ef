import { expect, test } from './test';
import { apiAs, e2eEnvironment, saveAndWait, signIn } from './harness';
import { resourcePaths } from '../../src/contract/apiPaths';
import orgContact from '../../src/resources/orgContact/resource';

const env = e2eEnvironment();

/**
 * The proof resource of README "Adding a resource" in Chromium: org contacts are one declaration
 * (src/resources/orgContact/resource.ts) and a migration, and a manager uses them like any screen.
 */
test.describe('org contacts, a resource that is one declaration', () => {
  test('a deep link leads through sign-in; the manager finds Contacts in the menu and adds one; a bad address is refused in words first', async () => {
    const page = await env.browser.newPage();
    await page.goto(`${env.server.baseUrl}/org-contact`);
    await page.waitForURL(/\/login/);
    await signIn(page, env.server.baseUrl, 'merchantStdManager');
    await page.getByRole('menuitem', { name: 'Contacts' }).click();
    await page.waitForURL(/\/org-contact$/);
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByLabel('Name').fill('Simone Security');
    await page.getByLabel('Email').fill('simone at birch');
    await page.getByLabel('Phone').fill('+44 20 7946 0123');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.locator('.MuiFormHelperText-root.Mui-error').allTextContents())
      .toEqual(['Enter an email address, like name@example.com']);
    await page.getByLabel('Email').fill('simone@birch.example');
    await saveAndWait(page, /\/org-contact$/);
    await expect.poll(() => page.getByRole('cell', { name: 'Simone Security' }).count()).toBe(1);
    expect(await page.getByRole('cell', { name: 'simone@birch.example' }).count()).toBe(1);
    await page.close();

    const stored = (await (await apiAs(env.server.baseUrl, 'merchantStdEmployee'))(resourcePaths(orgContact.name).list)).data as {
      list: Array<{ name: string; phone: string }>;
    };
    expect(stored.list).toEqual([expect.objectContaining({ name: 'Simone Security', phone: '+44 20 7946 0123' })]);
  });

  test('in Chinese the screen speaks the declaration’s own words; an employee has no Create', async () => {
    const page = await env.browser.newPage();
    await page.goto(`${env.server.baseUrl}/login?lng=zh-CN`);
    // The detector remembers ?lng= once i18next has started, which can be after `load`: the
    // page speaking Chinese is the sign that it did, before signIn navigates again without it.
    await page.getByRole('button', { name: '登录' }).waitFor();
    await signIn(page, env.server.baseUrl, 'merchantStdEmployee');
    await page.goto(`${env.server.baseUrl}/org-contact`);
    await expect.poll(() => page.getByRole('cell', { name: 'Simone Security' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('columnheader', { name: '负责事项' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('cell', { name: '安全' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: /create|创建|新建/i }).count()).toBe(0);
    await page.close();
  });
});
