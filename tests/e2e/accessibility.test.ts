import { expect, test } from './test';
import type { Browser, Page } from 'playwright-core';
import { canAccess, PUBLIC_ROUTES, ROLES, ROUTES, type RoleName } from '../../src/access';
import { axeViolations, untranslatedIconNames, type Violation } from './axe';
import { e2eEnvironment, signIn } from './harness';

const env = e2eEnvironment();

/** Who opens a screen: superAdmin where it may, else the merchant or agent role its route is for. */
const OPENERS: RoleName[] = ['superAdmin', 'merchantProManager', 'merchantStdManager', 'merchantLiteManager', 'agentManager'];
const screens = ROUTES.map((r) => ({ path: r.path, role: OPENERS.find((role) => canAccess(ROLES[role], r.path)) }));

/** The three ways the console is checked: light and dark theme in English, and Chinese. */
const LOOKS = [
  { name: 'light, en-US', colorScheme: 'light', locale: 'en-US' },
  { name: 'dark, en-US', colorScheme: 'dark', locale: 'en-US' },
  { name: 'light, zh-CN', colorScheme: 'light', locale: 'zh-CN' },
] as const;
type Look = (typeof LOOKS)[number];

const h1Text = (page: Page) => page.evaluate(() => [...document.querySelectorAll('h1')].map((h) => h.textContent ?? '').join(' | '));

/**
 * Another screen shows: its title is not `before`; or, for a create form whose title reads as its
 * list's (补充 is both the supply list's and its create form's in Chinese), the list has gone.
 */
const arrived = async (page: Page, before: string) =>
  (await h1Text(page)) !== before ||
  page.evaluate(
    () =>
      window.location.pathname.endsWith('/create') &&
      !document.querySelector('#main-content table, #main-content .RaSimpleList-root, [data-testid="resource-empty"]'),
  );

/** The API calls a page has under way: a screen is settled only once the reads its parts started are answered. */
const inFlight = new WeakMap<Page, Set<unknown>>();
function trackApiCalls(page: Page): void {
  const open = new Set<unknown>();
  inFlight.set(page, open);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
}

/**
 * Settled: the screen's title has changed from `before`, its content (rows, the empty state, a
 * card or a form) is there and nothing is loading any more: no progress bar, and no API call under
 * way (a part above a list that draws when its read answers moves what is below it: a click aimed
 * before that lands beside its target).
 */
async function settled(page: Page, before: string) {
  await expect.poll(() => arrived(page, before), { timeout: 30_000, message: `another screen than “${before}”` }).toBe(true);
  await page
    .locator(
      '#main-content table, #main-content .RaSimpleList-root, [data-testid="resource-empty"], #main-content .MuiCard-root, #main-content form',
    )
    .first()
    .waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expect.poll(() => inFlight.get(page)?.size ?? 0, { timeout: 30_000, message: 'API calls under way' }).toBe(0);
  await expect.poll(() => page.locator('[role="progressbar"]').count(), { timeout: 30_000 }).toBe(0);
}

/** Goes to `path` inside the running console (the router follows history), as its own links do. */
async function openInConsole(page: Page, path: string) {
  const before = await h1Text(page);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settled(page, before);
}

/** What is wrong on the screen now in `look`: axe's findings, and in Chinese, icon buttons named in another language. */
async function problems(page: Page, where: string, look: Look): Promise<Violation[]> {
  return [...(await axeViolations(page, where)), ...(look.locale === 'zh-CN' ? await untranslatedIconNames(page, where) : [])];
}

/** Every screen of `role` (its lists and pages, and the create form of each list that has one) checked in `look`. */
async function checkRole(browser: Browser, baseUrl: string, role: RoleName, look: Look): Promise<Violation[]> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: look.colorScheme, locale: look.locale });
  const found: Violation[] = [];
  try {
    trackApiCalls(page);
    await signIn(page, baseUrl, role);
    for (const { path } of screens.filter((s) => s.role === role)) {
      if (path !== '/home') await openInConsole(page, path);
      else await settled(page, '');
      found.push(...(await problems(page, `${role} ${path}`, look)));
      const create = page.locator('#main-content a.RaCreateButton-root');
      if ((await create.count()) > 0) {
        // Where its Create button leads, opened as the button's own link does (not a click at a spot the screen may still move).
        const href = await create.first().getAttribute('href');
        expect(href, `${role} ${path}: Create leads somewhere`).toBeTruthy();
        await openInConsole(page, href!);
        found.push(...(await problems(page, `${role} ${path}/create`, look)));
      }
    }
  } finally {
    await page.close();
  }
  return found;
}

test.describe('no critical or serious axe violation on any screen (WCAG 2.1 A/AA)', () => {
  test('every screen of the route table has a role here that opens it', () => {
    expect(screens.filter((s) => s.role === undefined).map((s) => s.path)).toEqual([]);
  });

  for (const look of LOOKS) {
    test.describe(look.name, () => {
      test('the public pages', async () => {
        test.setTimeout(120_000);
        const page = await env.browser.newPage({
          viewport: { width: 1280, height: 800 },
          colorScheme: look.colorScheme,
          locale: look.locale,
        });
        const found: Violation[] = [];
        for (const path of PUBLIC_ROUTES) {
          await page.goto(`${env.server.baseUrl}${path}`, { waitUntil: 'networkidle' });
          await page.locator('h1').first().waitFor();
          found.push(...(await problems(page, path, look)));
        }
        await page.close();
        expect(found).toEqual([]);
      });

      // One test per role, so each stays well inside its time limit on a busy machine.
      for (const role of OPENERS) {
        test(`every screen of ${role}`, async () => {
          test.setTimeout(300_000);
          expect(await checkRole(env.browser, env.server.baseUrl, role, look)).toEqual([]);
        });
      }
    });
  }
});
