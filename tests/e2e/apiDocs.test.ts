import { expect, test } from './test';
import { e2eEnvironment } from './harness';
import { ApiPath } from '../../src/contract/apiPaths';

const env = e2eEnvironment();

test.describe('the API reader at /api/docs', () => {
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
    // Swagger UI has read the document: the title, a tag section and an operation of it.
    await page.getByText('Custody console API').first().waitFor();
    await page.locator('.opblock-tag', { hasText: 'chain' }).first().waitFor();
    await expect.poll(() => page.locator('.opblock').count()).toBeGreaterThan(50);
    await expect.poll(() => page.locator('.opblock-summary-path', { hasText: `/api${ApiPath.chain.list}` }).count()).toBeGreaterThan(0);

    // One operation opens with its response schema.
    await page
      .locator('.opblock-summary-path', { hasText: `/api${ApiPath.brand.get}` })
      .first()
      .click();
    await page.getByText('brandName').first().waitFor();

    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await page.close();
  });
});
