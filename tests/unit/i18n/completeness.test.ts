import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import { ErrorKey } from '../../../src/dataProvider/errorCatalogue';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (lng: string, ns: string) => JSON.parse(fs.readFileSync(path.join(root, 'public/locales', lng, `${ns}.json`), 'utf8')) as Record<string, unknown>;
const flatValues = (o: Record<string, unknown>, prefix = ''): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flatValues(v as Record<string, unknown>, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]]));
const flatKeys = (o: Record<string, unknown>) => flatValues(o).map(([key]) => key);
/** i18next plural forms (`_one`, `_other`) count as one key. */
const base = (key: string) => key.replace(/_(one|other|zero|few|many|two)$/, '');

describe.each(['translation', 'api'])('namespace %s: en-US and zh-CN are complete', (ns) => {
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
  const ra = Object.fromEntries(flatValues(convertRaTranslationsToI18next(englishMessages) as Record<string, unknown>));
  const raOf = (lng: string) => Object.fromEntries(flatValues(read(lng, 'translation')).filter(([k]) => k.startsWith('ra.')));

  it('en-US is ra-language-english, converted to i18next (regenerate it when react-admin is upgraded)', () => {
    expect(raOf('en-US')).toEqual(ra);
  });
  it('zh-CN has every key ra-language-english has, and no other', () => {
    expect(Object.keys(raOf('zh-CN')).sort()).toEqual(Object.keys(ra).sort());
  });
  it('zh-CN says them in Chinese (only placeholders, blanks and ids may stay as they are)', () => {
    const untranslated = Object.entries(raOf('zh-CN')).filter(([, text]) => !/[\u4e00-\u9fff]/.test(text) && /[A-Za-z]/.test(text.replace(/{{\w+}}/g, '')));
    expect(untranslated).toEqual([]);
  });
});

describe('every key the console uses exists in en-US', () => {
  const keys = new Set([...flatKeys(read('en-US', 'translation')), ...flatKeys(read('en-US', 'api'))].map(base));
  const sources: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(entry.name)) sources.push(fs.readFileSync(full, 'utf8'));
    }
  };
  walk(path.join(root, 'src'));
  const used = new Set<string>();
  for (const text of sources) {
    for (const match of text.matchAll(/\b(?:translate|t)\(\s*'([a-z][\w-]*(?:\.[\w-]+)+)'/g)) used.add(match[1]);
    for (const match of text.matchAll(/(?:i18nKey|titleKey|textKey|labelKey)="([a-z][\w-]*(?:\.[\w-]+)+)"/g)) used.add(match[1]);
    // Keys handed to a helper as an option (`mismatchKey: 'signup.mismatch'`).
    for (const match of text.matchAll(/\b\w+Key:\s*'([a-z][\w-]*(?:\.[\w-]+)+)'/g)) used.add(match[1]);
  }
  // The HTTP client's error keys (SPEC A7) are constants, not literal translate() calls.
  Object.values(ErrorKey).forEach((key) => used.add(key));
  // The route table's menu keys are built, not literal.
  const routeKeys = fs.readFileSync(path.join(root, 'src/access/routeTable.ts'), 'utf8').matchAll(/route\('\/([\w-]+)'/g);
  for (const match of routeKeys) used.add(`menu.${match[1]}`);

  it('found keys to check', () => {
    expect(used.size).toBeGreaterThan(30);
  });
  it.each([...used].sort())('%s', (key) => {
    expect(keys.has(key)).toBe(true);
  });
});
