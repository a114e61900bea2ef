import { expect, test } from './test';
import { DEMO_PASSWORD } from '../../server/db/seed/demoData';
import { e2eEnvironment, postWithPageSession, signedInPage } from './harness';
import { ApiPath } from '../../src/contract/apiPaths';

const env = e2eEnvironment();

test.describe('app shell', () => {
  test('?lng=zh-CN shows Chinese, remembers it in i18nextLng, and the server answers in Chinese', async () => {
    const page = await env.browser.newPage();
    await page.goto(`${env.server.baseUrl}/login?lng=zh-CN`);
    await page.getByRole('button', { name: '登录' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('zh-CN');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await page.getByLabel('账号').fill('superAdmin');
    await page.getByLabel('密码').fill('wrong-password');
    await page.getByRole('button', { name: '登录' }).click();
    await expect.poll(() => page.getByRole('alert').allTextContents()).toContainEqual(expect.stringContaining('账号或密码错误'));
    await page.close();
  });

  test('the app bar language menu switches the console at once; a later ?lng= still wins over that choice', async () => {
    const page = await signedInPage(env, 'superAdmin');
    // The app bar's, not the sign-in page's (still on screen while /home's chunks load).
    const appBar = page.locator('header');
    await appBar.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await page.getByRole('menuitem', { name: '首页' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('i18nextLng')])).toEqual(['zh-CN', 'zh-CN']);
    await page.goto(`${env.server.baseUrl}/home?lng=en-US`);
    await page.getByRole('menuitem', { name: 'Home' }).waitFor();
    await appBar.getByRole('button', { name: 'English' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await page.close();
  });

  test('the light/dark toggle switches the theme; the app bar (blue, or dark) shows the light-coloured logo, logoDarkMode, in both', async () => {
    const page = await signedInPage(env, 'superAdmin', { colorScheme: 'light' });
    const logo = page.locator('header img').first();
    await expect.poll(() => logo.getAttribute('src')).toBe('/brand/logo-dark.svg');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.getByRole('button', { name: 'Toggle light/dark mode' }).click();
    await expect.poll(background).not.toBe(light);
    expect(await logo.getAttribute('src')).toBe('/brand/logo-dark.svg');
    await page.close();
  });

  test('the title follows the brand; the operator edits it on /brand (with an uploaded logo) and it changes at once', async () => {
    const page = await signedInPage(env, 'superAdmin');
    expect(await page.title()).toBe('Custodia Admin');
    await page.goto(`${env.server.baseUrl}/brand`);
    await page.getByLabel('Brand name').fill('Acme Vault');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#123"/></svg>';
    await page
      .locator('input[type="file"]')
      .nth(1)
      .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
    await expect.poll(() => page.getByLabel('Logo', { exact: true }).inputValue()).toMatch(/^\/uploads\/.+\.svg$/);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.title()).toBe('Acme Vault Admin');
    expect(await page.evaluate(() => document.querySelector('meta[name="description"]')?.getAttribute('content'))).toBe(
      'Acme Vault admin platform',
    );
    const logo = await page.getByLabel('Logo', { exact: true }).inputValue();
    expect((await fetch(`${env.server.baseUrl}${logo}`)).status).toBe(200);
    await page.reload();
    await expect.poll(() => page.title()).toBe('Acme Vault Admin');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('brand-config') ?? '{}').logo)).toBe(logo);
    await page.close();
  });

  test('a file that is not an image is refused with a clear message', async () => {
    const page = await signedInPage(env, 'superAdmin', '/brand');
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
    await expect.poll(() => page.getByRole('alert').allTextContents()).not.toEqual([]);
    expect(await page.getByLabel('Favicon').inputValue()).toBe('/brand/favicon.svg');
    await page.close();
  });

  test('an unknown path shows the not-found page with a way home', async () => {
    const page = await signedInPage(env, 'merchantProManager', '/no-such-screen');
    await page.getByText('Page not found').waitFor();
    await page.getByRole('link', { name: 'Back to home' }).waitFor();
    await page.close();
  });

  test('signed out, an unknown path shows not-found (not the sign-in page), and its way home leads to sign-in', async () => {
    const page = await env.browser.newPage();
    await page.goto(`${env.server.baseUrl}/no-such-screen`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/no-such-screen');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.close();
  });

  test('a session ended on the server sends the user to /login, which says why', async () => {
    const page = await signedInPage(env, 'merchantProManager');
    // Another device signs this session out (as /account's "revoke" would).
    const revoked = await postWithPageSession(page, env.server.baseUrl, ApiPath.auth.logout);
    expect(revoked.status).toBe(200);
    // The next call with the old token (here: restoring the session on a page load) is refused.
    await page.goto(`${env.server.baseUrl}/transfer`);
    await page.waitForURL(/\/login$/);
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toContainEqual(expect.stringContaining('Your session has expired or was signed out'));
    // Shown once: reloading the sign-in page does not repeat it.
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('status').count()).toBe(0);
    await page.close();
  });

  test('the public pages /terms, /403 and /500 open without a session, translated, with a way home', async () => {
    const page = await env.browser.newPage();
    for (const [path, heading] of [
      ['/terms', 'Terms of service'],
      ['/403', 'No access'],
      ['/500', 'Server error'],
    ]) {
      await page.goto(`${env.server.baseUrl}${path}`);
      await page.getByRole('heading', { name: heading }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      await page.getByRole('link', { name: 'Back to home' }).waitFor();
    }
    await page.goto(`${env.server.baseUrl}/500?lng=zh-CN`);
    await page.getByRole('heading', { name: '服务器错误' }).waitFor();
    await page.close();
  });

  test('a screen whose data fails with a server error shows the /500 content inside the console', async () => {
    const page = await signedInPage(env, 'merchantProManager');
    await page.route(/\/api\/sys\/chain-wallet\/list/, (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    );
    await page.getByRole('menuitem', { name: 'Wallets' }).click();
    await page.getByRole('heading', { name: 'Server error' }).waitFor();
    await page.getByRole('link', { name: 'Back to home' }).waitFor();
    await page.getByRole('menuitem', { name: 'Home' }).waitFor();
    await page.close();
  });

  test('a screen shows the loading screen until its chunk arrives', async () => {
    const page = await signedInPage(env, 'superAdmin');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The generated list view is a chunk of its own, loaded with the first list screen opened.
    await page.route(/\/assets\/GeneratedList-.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('menuitem', { name: 'Transfers' }).click();
    await page.getByText('Loading...').waitFor();
    expect(await page.getByRole('progressbar').count()).toBeGreaterThan(0);
    expect(await page.locator('table').count()).toBe(0);
    release();
    await page.getByRole('columnheader', { name: 'Amount' }).waitFor();
    expect(await page.getByText('Loading...').count()).toBe(0);
    await page.close();
  });

  test('the sign-in page works without react-admin: the console chunk is fetched only after signing in', async () => {
    const page = await env.browser.newPage();
    const consoleChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/Console-[^/]+\.js$/.test(request.url())) consoleChunks.push(request.url());
    });
    await page.goto(`${env.server.baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await page.getByRole('button', { name: '登录' }).waitFor();
    expect(consoleChunks).toEqual([]);
    await page.getByLabel('账号').fill('superAdmin');
    await page.getByLabel('密码').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/\/home$/);
    await page.getByRole('menuitem', { name: '首页' }).waitFor();
    expect(consoleChunks).toHaveLength(1);
    await page.close();
  });

  test('a console chunk that fails to load (a new deployment) says so and offers a reload that recovers', async () => {
    const page = await signedInPage(env, 'merchantProManager');
    let gone = true;
    await page.route(/\/assets\/Console-[^/]+\.js$/, (route) => (gone ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()));
    await page.reload();
    await page.getByRole('heading', { name: 'This screen could not be loaded' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
    gone = false;
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('menuitem', { name: 'Home' }).waitFor();
    await page.close();
  });

  test('a deep link opened without a session signs in first and then lands where it pointed', async () => {
    const page = await env.browser.newPage();
    await page.goto(`${env.server.baseUrl}/currency`);
    await page.waitForURL(/\/login$/);
    await page.getByLabel('Account').fill('operatorEmployee');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/currency$/);
    await expect.poll(() => page.locator('table').textContent()).toContain('USDT');
    await page.close();
  });

  test('signing out returns to the sign-in page with the token gone and the console unloaded', async () => {
    const page = await signedInPage(env, 'merchantProManager');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.evaluate(() => Object.assign(window, { consolePageMarker: true }));
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // A new page load: react-admin (with the previous user's cached data) is no longer in memory.
    expect(await page.evaluate(() => 'consolePageMarker' in window)).toBe(false);
    const me = await fetch(`${env.server.baseUrl}/api${ApiPath.auth.me}`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { code: number }).code).toBe(401);
    await page.close();
  });

  test('/ goes to /home: through the sign-in page without a session, at once with one', async () => {
    const page = await env.browser.newPage();
    await page.goto(`${env.server.baseUrl}/`);
    await page.waitForURL(/\/login$/);
    await page.getByLabel('Account').fill('merchantStdEmployee');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/home$/);
    await page.goto(`${env.server.baseUrl}/`);
    await page.waitForURL(/\/home$/);
    await page.getByRole('menuitem', { name: 'Home' }).waitFor();
    await page.close();
  });
});
