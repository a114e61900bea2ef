import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../src/contract/constants';

/**
 * Server messages in the caller's language, from the same translation files the
 * console loads (`public/locales/<lng>/api.json`): one catalogue for both sides.
 */
export type Translate = (key: string, params?: MessageParams) => string;

/**
 * A message whose parts are messages too (a count of things, a list of them), so the
 * whole sentence is said in the caller's language, however it was put together.
 */
export interface Message {
  key: string;
  params?: MessageParams;
}
/** A list of messages reads as one phrase: "3 wallets, 120 orders, and 2 proposals". */
export type MessageParams = Record<string, string | number | Message | readonly Message[]>;

type Catalogue = Record<string, unknown>;

export interface Messages {
  translator(acceptLanguage: string | undefined): Translate;
  /**
   * The console's own words (`translation.json`: field labels, value labels) in the caller's
   * language, for what the server writes as the console would show it (CSV exports).
   * A key without a text reads as `fallback`.
   */
  labels(acceptLanguage: string | undefined): (key: string, fallback: string) => string;
}

const lookup = (catalogue: Catalogue, key: string): string | undefined => {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Catalogue)[part] : undefined), catalogue);
  return typeof value === 'string' ? value : undefined;
};

const interpolate = (text: string, params: Record<string, string>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? params[name] : whole));

/** The best supported language for an Accept-Language header; en-US when none fits. */
export function pickLanguage(acceptLanguage: string | undefined): Language {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const exact = LANGUAGES.find((lng) => lng.toLowerCase() === tag);
    if (exact) return exact;
    const sameBase = LANGUAGES.find((lng) => lng.toLowerCase().split('-')[0] === tag.split('-')[0]);
    if (sameBase) return sameBase;
  }
  return DEFAULT_LANGUAGE;
}

export function loadMessages(localesDir: string): Messages {
  const read = (lng: Language, name: string): Catalogue => {
    const file = path.join(localesDir, lng, name);
    return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Catalogue) : {};
  };
  const catalogues = new Map<Language, Catalogue>(LANGUAGES.map((lng) => [lng, read(lng, 'api.json')]));
  // The console's catalogue is large and only exports need it: read on first use.
  const consoleCatalogues = new Map<Language, Catalogue>();
  const consoleCatalogue = (lng: Language) => {
    if (!consoleCatalogues.has(lng)) consoleCatalogues.set(lng, read(lng, 'translation.json'));
    return consoleCatalogues.get(lng)!;
  };
  const fallback = catalogues.get(DEFAULT_LANGUAGE) ?? {};
  return {
    translator(acceptLanguage) {
      const lng = pickLanguage(acceptLanguage);
      const catalogue = catalogues.get(lng) ?? fallback;
      const plurals = new Intl.PluralRules(lng);
      const lists = new Intl.ListFormat(lng, { type: 'conjunction' });
      // Plural keys as i18next reads them in the console (`_one`, `_other`…): the form for
      // `count` first, then the bare key, which is all a language without plural forms needs.
      const text = (key: string, count: unknown) => {
        const form = typeof count === 'number' ? `${key}_${plurals.select(count)}` : undefined;
        const inOne = (c: Catalogue) => (form ? lookup(c, form) : undefined) ?? lookup(c, key);
        return inOne(catalogue) ?? inOne(fallback) ?? key;
      };
      const say = (value: MessageParams[string]): string => {
        if (typeof value === 'string' || typeof value === 'number') return String(value);
        if (Array.isArray(value)) return lists.format((value as readonly Message[]).map(say));
        return translate((value as Message).key, (value as Message).params);
      };
      const translate: Translate = (key, params = {}) =>
        interpolate(text(key, params.count), Object.fromEntries(Object.entries(params).map(([name, value]) => [name, say(value)])));
      return translate;
    },
    labels(acceptLanguage) {
      const lng = pickLanguage(acceptLanguage);
      const catalogue = consoleCatalogue(lng);
      const fallback = consoleCatalogue(DEFAULT_LANGUAGE);
      return (key, otherwise) => lookup(catalogue, key) ?? lookup(fallback, key) ?? otherwise;
    },
  };
}
