import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';

/**
 * axe-core in the page as a user's browser has it (docs/accessibility.md "How it is checked"):
 * its source evaluated through the DevTools protocol, which the console's Content-Security-Policy
 * does not govern, so the screens are checked under their real CSP.
 */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules checked: WCAG 2.0/2.1 level A and AA, and the best practices (landmarks, one h1). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Best-practice rules held to as hard as WCAG's, whatever axe's impact says (they are "moderate"):
 * the screen structure — one h1 per screen, a main landmark, all content in landmarks.
 */
const STRUCTURE = new Set(['page-has-heading-one', 'landmark-one-main', 'region', 'landmark-no-duplicate-main', 'heading-order']);

export interface Violation {
  where: string;
  rule: string;
  impact: string;
  nodes: string[];
}

/**
 * Waits until no finite animation or transition is running: a menu fading out after its option was
 * picked is half-transparent, and its text then fails the contrast rule though the user never reads
 * it. On a loaded machine the fade can outlast the test's next steps, so the check waits for the
 * browser to say it is over rather than for a time. Endless animations (a spinner) are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** The critical and serious violations on the page now (and any of the structure rules), one line per rule. */
export async function axeViolations(page: Page, where: string): Promise<Violation[]> {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = await page.evaluate(
    async (tags) =>
      (
        await (
          window as unknown as {
            axe: {
              run: (
                c: Document,
                o: object,
              ) => Promise<{
                violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[]; failureSummary?: string }> }>;
              }>;
            };
          }
        ).axe.run(document, {
          runOnly: { type: 'tag', values: tags },
        })
      ).violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`),
      })),
    TAGS,
  );
  return result
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || STRUCTURE.has(v.id))
    .map((v) => ({ where, rule: v.id, impact: v.impact, nodes: v.nodes.slice(0, 5) }));
}

/**
 * Buttons and links that show no text (icons only) whose name is not in Chinese: run on a screen in
 * zh-CN, where every such name must come from the translations (docs/accessibility.md "Structure").
 */
export async function untranslatedIconNames(page: Page, where: string): Promise<Violation[]> {
  const names = await page.evaluate(() =>
    [...document.querySelectorAll('button, [role="button"], a[href]')]
      .filter((el) => (el.textContent ?? '').trim() === '' && el.getAttribute('aria-hidden') !== 'true')
      .map((el) => el.getAttribute('aria-label') ?? el.getAttribute('title') ?? ''),
  );
  const english = names.filter((name) => !/[\u4e00-\u9fff]/.test(name));
  return english.length === 0 ? [] : [{ where, rule: 'icon-name-in-zh-CN', impact: 'serious', nodes: english }];
}
