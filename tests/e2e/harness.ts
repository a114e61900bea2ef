import { chromium, type Browser, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/db/seed/demoData';
import { ApiPath } from '../../src/contract/apiPaths';
import { chromiumLaunchOptions } from './chromium';
import type { RunningServer } from './serverProcess';

export { e2eEnvironment } from './test';

/**
 * E2E tests drive the built console (dist/, made by `vite build` before the
 * suite runs) served by the real server process (server/main.ts, as `npm start`
 * runs it) on a database of its own with the demo seed: a copy of the one the
 * suite's global setup (globalSetup.ts) migrated and seeded (`e2eEnvironment`, test.ts).
 */

/** Headless Chromium as the e2e runner launches it, for scripts outside it (bench/pageLoad.ts). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}

/** Signs in through the login form, as a person would, and waits for the home screen. */
export async function signIn(page: Page, baseUrl: string, account: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/account|账号/i).fill(account);
  await page.getByLabel(/password|密码/i).fill(password);
  await page.getByRole('button', { name: /sign in|登录/i }).click();
  await page.waitForURL(/\/home$/);
}

type PageOptions = NonNullable<Parameters<Browser['newPage']>[0]>;

/**
 * A new page in the file's browser (with `options`: viewport, colour scheme, locale), signed in as
 * `account` through the login form; then at `path` of the console when one is given.
 */
export async function signedInPage(
  env: { server: RunningServer; browser: Browser },
  account: string,
  path?: string | PageOptions,
  options?: PageOptions,
): Promise<Page> {
  const page = await env.browser.newPage(typeof path === 'string' ? options : path);
  await signIn(page, env.server.baseUrl, account);
  if (typeof path === 'string') await page.goto(`${env.server.baseUrl}${path}`);
  return page;
}

/** On the sign-up page: fills the form (the account only when given: a link fills it in) and clicks Create account. */
export async function submitSignUp(
  page: Page,
  { account, name, password, repeat = password }: { account?: string; name: string; password: string; repeat?: string },
): Promise<void> {
  if (account !== undefined) await page.getByLabel('Account').fill(account);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel('Repeat the password').fill(repeat);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/**
 * Clicks Save and waits for the page `url` leads to. When it does not arrive, the failure
 * names what the form shows (field errors, toasts, values), so a run that failed says why.
 */
export async function saveAndWait(page: Page, url: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Save' }).click();
  try {
    await page.waitForURL(url);
  } catch (error) {
    const shown = await page.evaluate(() => ({
      fieldErrors: [...document.querySelectorAll('.MuiFormHelperText-root.Mui-error')].map((e) => e.textContent),
      toasts: [...document.querySelectorAll('[role="alert"]')].map((e) => e.textContent),
      values: [...document.querySelectorAll('form input')].map((e) => `${(e as HTMLInputElement).name}=${(e as HTMLInputElement).value}`),
      saveDisabled: (document.querySelector('button[type="submit"]') as HTMLButtonElement | null)?.disabled,
    }));
    throw new Error(`${(error as Error).message}\nstill at ${page.url()}; the form shows ${JSON.stringify(shown)}`);
  }
}

/** The API as a demo user, beside the browser: `call(path)` GETs, `call(path, body)` POSTs; answers the envelope. */
export async function apiAs(baseUrl: string, account: string) {
  const login = await fetch(`${baseUrl}/api${ApiPath.auth.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return (path: string, body?: unknown) =>
    fetch(`${baseUrl}/api${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }).then((r) => r.json() as Promise<{ code: number; data: Record<string, unknown> }>);
}

/** A POST to the API with the session of the signed-in `page` (the token the console keeps), as the console sends it. */
export async function postWithPageSession(page: Page, baseUrl: string, path: string, body?: unknown): Promise<Response> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

/**
 * Starts a download with `start` (a click, a key) and answers the file's name and its CSV lines
 * (the byte-order mark the exports begin with taken off, split at CRLF).
 */
export async function downloadCsv(page: Page, start: () => Promise<unknown>): Promise<{ filename: string; lines: string[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  return {
    filename: download.suggestedFilename(),
    lines: text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n'),
  };
}

/** The list's total as its pagination shows it ("1-25 of 132" → 132). */
export const listTotalShown = async (page: Page): Promise<number> =>
  Number(/of (\d+)/.exec((await page.getByText(/\d+-\d+ of \d+/).textContent()) ?? '')?.[1]);
