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
  /**
   * Every text `labels` knows under a key prefix (`report.status.`), by the rest of its key, as
   * `labels` reads it: what an export formatted by the database labels values with
   * (server/http/copyColumns.ts). A key not listed reads as its fallback.
   */
  labelsUnder(acceptLanguage: string | undefined, prefix: string): ReadonlyMap<string, string>;
}

const lookupNode = (catalogue: Catalogue, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Catalogue)[part] : undefined), catalogue);

const lookup = (catalogue: Catalogue, key: string): string | undefined => {
  const value = lookupNode(catalogue, key);
  return typeof value === 'string' ? value : undefined;
};

const interpolate = (text: string, params: Record<string, string>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? params[name] : whole));

/** The texts under a node of a catalogue, by their dotted path below it. */
function leavesUnder(catalogue: Catalogue, prefix: string, into: Set<string>): void {
  const node = prefix.endsWith('.') ? lookupNode(catalogue, prefix.slice(0, -1)) : undefined;
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') into.add(path);
    else if (value && typeof value === 'object')
      for (const [name, inner] of Object.entries(value as Catalogue)) walk(inner, path ? `${path}.${name}` : name);
  };
  if (node && typeof node === 'object') walk(node, '');
}

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

/** The translator of one language, falling back to the default language's text, then to the key. */
function translatorFor(lng: Language, catalogue: Catalogue, fallback: Catalogue): Translate {
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
}

/**
 * pickLanguage, remembered per header value: browsers send a handful of distinct headers, so
 * the same few strings come back on every request. Bounded, since the header is the client's.
 */
const languages = new Map<string, Language>();
const KNOWN_HEADERS = 256;
function languageOf(acceptLanguage: string | undefined): Language {
  if (acceptLanguage === undefined) return DEFAULT_LANGUAGE;
  let lng = languages.get(acceptLanguage);
  if (lng === undefined) {
    lng = pickLanguage(acceptLanguage);
    if (languages.size < KNOWN_HEADERS) languages.set(acceptLanguage, lng);
  }
  return lng;
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
  // One translator per language, made at start: a request only picks one (its Intl objects are
  // costly to build, and every request takes a translator; docs/SCALING.md "The request path").
  const translators = new Map<Language, Translate>(
    LANGUAGES.map((lng) => [lng, translatorFor(lng, catalogues.get(lng) ?? fallback, fallback)]),
  );
  return {
    translator: (acceptLanguage) => translators.get(languageOf(acceptLanguage)) ?? translators.get(DEFAULT_LANGUAGE)!,
    labels(acceptLanguage) {
      const lng = languageOf(acceptLanguage);
      const catalogue = consoleCatalogue(lng);
      const fallback = consoleCatalogue(DEFAULT_LANGUAGE);
      return (key, otherwise) => lookup(catalogue, key) ?? lookup(fallback, key) ?? otherwise;
    },
    labelsUnder(acceptLanguage, prefix) {
      const label = this.labels(acceptLanguage);
      const lng = languageOf(acceptLanguage);
      const rests = new Set<string>();
      leavesUnder(consoleCatalogue(lng), prefix, rests);
      leavesUnder(consoleCatalogue(DEFAULT_LANGUAGE), prefix, rests);
      return new Map([...rests].map((rest) => [rest, label(prefix + rest, rest)]));
    },
  };
}
