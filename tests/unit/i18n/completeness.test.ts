import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import { ErrorKey } from '../../../src/dataProvider/errorCatalogue';
import { declaredResources } from '../../../src/resources/declared';
import { textsOf } from '../../../src/resources/engine/declaredTexts';
import { flatValues, readCatalogue as read, repoRoot as root, sourcesUnder, type Catalogue } from './catalogues';
import { isActionName } from '../../../src/access';

const flatKeys = (o: Catalogue) => flatValues(o).map(([key]) => key);
/** i18next plural forms (`_one`, `_other`) count as one key. */
const base = (key: string) => key.replace(/_(one|other|zero|few|many|two)$/, '');

describe.each(['translation', 'api', 'checkout'])('namespace %s: en-US and zh-CN are complete', (ns) => {
  const en = new Set(flatKeys(read('en-US', ns)).map(base));
  const zh = new Set(flatKeys(read('zh-CN', ns)).map(base));
  it('zh-CN has every en-US key', () => {
    expect([...en].filter((k) => !zh.has(k))).toEqual([]);
  });
  it('en-US has every zh-CN key', () => {
    expect([...zh].filter((k) => !en.has(k))).toEqual([]);
  });
  it('no text is empty', () => {
    const texts = [...flatValues(read('en-US', ns)), ...flatValues(read('zh-CN', ns))];
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter(([, text]) => text === '')).toEqual([]);
  });
});

describe("react-admin's own messages (ra.*)", () => {
  const ra = Object.fromEntries(flatValues(convertRaTranslationsToI18next(englishMessages) as Catalogue));
  const raOf = (lng: string) => Object.fromEntries(flatValues(read(lng, 'translation')).filter(([k]) => k.startsWith('ra.')));

  it('en-US is ra-language-english, converted to i18next (regenerate it when react-admin is upgraded)', () => {
    expect(raOf('en-US')).toEqual(ra);
  });
  it('zh-CN has every key ra-language-english has, and no other', () => {
    expect(Object.keys(raOf('zh-CN')).sort()).toEqual(Object.keys(ra).sort());
  });
  it('zh-CN says them in Chinese (only placeholders, blanks and ids may stay as they are)', () => {
    const untranslated = Object.entries(raOf('zh-CN')).filter(
      ([, text]) => !/[\u4e00-\u9fff]/.test(text) && /[A-Za-z]/.test(text.replace(/{{\w+}}/g, '')),
    );
    expect(untranslated).toEqual([]);
  });
});

describe('every key the console uses exists in en-US', () => {
  // A self-contained declaration's own texts (src/resources/<name>/resource.ts) count as its keys.
  const declaredKeys = declaredResources.flatMap((d) => flatKeys((textsOf(d, 'en-US') ?? {}) as Catalogue));
  // The checkout pages' own namespace (src/checkout/i18n.ts) counts too.
  const keys = new Set(
    [
      ...flatKeys(read('en-US', 'translation')),
      ...flatKeys(read('en-US', 'api')),
      ...flatKeys(read('en-US', 'checkout')),
      ...declaredKeys,
    ].map(base),
  );
  // Top-level sections of the catalogues: a quoted dotted string under one of them is a key.
  const sections = new Set([
    ...Object.keys(read('en-US', 'translation')),
    ...Object.keys(read('en-US', 'api')),
    ...Object.keys(read('en-US', 'checkout')),
  ]);
  const used = new Set<string>();
  for (const text of sourcesUnder('src')) {
    for (const match of text.matchAll(/\b(?:translate|t)\(\s*'([a-z][\w-]*(?:\.[\w-]+)+)'/g)) used.add(match[1]);
    for (const match of text.matchAll(/(?:i18nKey|titleKey|textKey|labelKey)="([a-z][\w-]*(?:\.[\w-]+)+)"/g)) used.add(match[1]);
    // react-admin translates these props itself (`<Confirm title="…" content="…">`, `label="…"`).
    for (const match of text.matchAll(/\b(?:label|title|content)="([a-z][\w-]*(?:\.[\w-]+)+)"/g)) used.add(match[1]);
    // Keys handed to a helper as an option (`mismatchKey: 'signup.mismatch'`).
    for (const match of text.matchAll(/\b\w+Key:\s*'([a-z][\w-]*(?:\.[\w-]+)+)'/g)) used.add(match[1]);
    // Keys kept in tables and passed on (label rows, button labels, rule refusals): any quoted
    // dotted string that starts with a catalogue section.
    // An action of the access table (`may(role, 'ledger.verify')`, src/access/policy.ts) is a name, not a key.
    for (const match of text.matchAll(/(['"])([a-z][\w-]*(?:\.[\w-]+)+)\1/g))
      if (sections.has(match[2].split('.')[0]) && !isActionName(match[2])) used.add(match[2]);
  }
  // The HTTP client's error keys (docs/console.md) are constants, not literal translate() calls.
  Object.values(ErrorKey).forEach((key) => used.add(key));
  // The route table's menu keys are built, not literal.
  const routeKeys = fs.readFileSync(path.join(root, 'src/access/routeTable.ts'), 'utf8').matchAll(/route\('\/([\w-]+)'/g);
  for (const match of routeKeys) used.add(`menu.${match[1]}`);

  it('found keys to check, also those held in props and tables', () => {
    expect(used.size).toBeGreaterThan(30);
    expect(used).toContain('orderRepair.confirmTitle'); // <Confirm title="…">
    expect(used).toContain('orderRepair.depositAddress'); // a row of <LabelledRows>
  });
  it.each([...used].sort())('%s', (key) => {
    expect(keys.has(key)).toBe(true);
  });
});
