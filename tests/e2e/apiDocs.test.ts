import { expect, test } from './test';
import { e2eEnvironment } from './harness';
import { ApiPath } from '../../src/contract/apiPaths';

const env = e2eEnvironment();

test.describe('the API reader at /api/docs', () => {
  test.setTimeout(120_000);
  test('draws every operation from /api/openapi.json under the console’s Content-Security-Policy, without one violation', async () => {
    const page = await env.browser.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(env.server.baseUrl) && !request.url().startsWith('data:')) outside.push(request.url());
    });

    const response = await page.goto(`${env.server.baseUrl}/api/docs`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    // Swagger UI has read the document: the title, then, scrolling down as a reader does (it
    // draws operations as they come into view), every tag and every operation the document names.
    await page.getByText('Custody console API').first().waitFor();
    await page.locator('.opblock').first().waitFor();
    const doc = (await (await fetch(`${env.server.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
      tags: Array<{ name: string }>;
    };
    const drawn = { paths: new Set<string>(), tags: new Set<string>() };
    const readScreen = async () => {
      for (const text of await page.locator('.opblock-summary-path').allTextContents()) drawn.paths.add(text.replace(/\u200b/g, ''));
      for (const text of await page.locator('.opblock-tag').allInnerTexts()) drawn.tags.add(text.split('\n')[0].trim());
    };
    await expect
      .poll(
        async () => {
          await readScreen();
          await page.mouse.wheel(0, 600);
          return Object.keys(doc.paths).filter((path) => !drawn.paths.has(path));
        },
        { timeout: 60_000, intervals: [100] },
      )
      .toEqual([]);
    expect([...drawn.tags].sort()).toEqual(doc.tags.map((tag) => tag.name).sort());
    expect(drawn.paths.has(`/api${ApiPath.chain.list}`)).toBe(true);

    // One operation opens with its response schema (back at the top, scrolling down to it).
    await page.evaluate(() => window.scrollTo(0, 0));
    const brandGet = page.locator('.opblock-summary-path', { hasText: `/api${ApiPath.brand.get}` }).first();
    await expect
      .poll(
        async () => {
          if (await brandGet.isVisible()) return true;
          await page.mouse.wheel(0, 600);
          return false;
        },
        { timeout: 30_000, intervals: [100] },
      )
      .toBe(true);
    await brandGet.click();
    await page.getByText('brandName').first().waitFor();

    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await page.close();
  });
});
