import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../src/contract/constants';

/**
 * Server messages in the caller's language, from the same translation files the
 * console loads (`public/locales/<lng>/api.json`): one catalogue for both sides.
 */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

type Catalogue = Record<string, unknown>;

export interface Messages {
  translator(acceptLanguage: string | undefined): Translate;
}

const lookup = (catalogue: Catalogue, key: string): string | undefined => {
  const value = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Catalogue)[part] : undefined), catalogue);
  return typeof value === 'string' ? value : undefined;
};

const interpolate = (text: string, params: Record<string, string | number> = {}) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

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
  const catalogues = new Map<Language, Catalogue>();
  for (const lng of LANGUAGES) {
    const file = path.join(localesDir, lng, 'api.json');
    catalogues.set(lng, fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Catalogue) : {});
  }
  const fallback = catalogues.get(DEFAULT_LANGUAGE) ?? {};
  return {
    translator(acceptLanguage) {
      const catalogue = catalogues.get(pickLanguage(acceptLanguage)) ?? fallback;
      return (key, params) => interpolate(lookup(catalogue, key) ?? lookup(fallback, key) ?? key, params);
    },
  };
}
