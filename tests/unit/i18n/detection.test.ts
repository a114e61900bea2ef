import { afterEach, describe, expect, it } from 'vitest';
import LanguageDetector from 'i18next-browser-languagedetector';
import { DETECTION_OPTIONS, DETECTION_ORDER, normalizeLanguage } from '../../../src/i18n';

/** Puts a language into one detection source of the browser. */
const sources: Record<(typeof DETECTION_ORDER)[number], (lng: string) => void> = {
  querystring: (lng) => window.history.replaceState(null, '', `/login?lng=${lng}`),
  cookie: (lng) => (document.cookie = `i18next=${lng}; path=/`),
  localStorage: (lng) => localStorage.setItem('i18nextLng', lng),
  sessionStorage: (lng) => sessionStorage.setItem('i18nextLng', lng),
  navigator: (lng) => Object.defineProperty(window.navigator, 'languages', { value: [lng], configurable: true }),
  htmlTag: (lng) => document.documentElement.setAttribute('lang', lng),
};

const clearAll = () => {
  window.history.replaceState(null, '', '/login');
  document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  localStorage.clear();
  sessionStorage.clear();
  Object.defineProperty(window.navigator, 'languages', { value: [], configurable: true });
  Object.defineProperty(window.navigator, 'language', { value: '', configurable: true });
  document.documentElement.removeAttribute('lang');
};
afterEach(clearAll);

const detect = () => {
  const detector = new LanguageDetector(null as never, { ...DETECTION_OPTIONS, caches: [] });
  const found = detector.detect();
  return Array.isArray(found) ? found[0] : found;
};

describe('language detection order', () => {
  it('is querystring, cookie, localStorage, sessionStorage, navigator, html lang', () => {
    expect(DETECTION_OPTIONS.order).toEqual(['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag']);
    expect(DETECTION_OPTIONS.lookupQuerystring).toBe('lng');
    expect(DETECTION_OPTIONS.lookupLocalStorage).toBe('i18nextLng');
  });

  // Each source, set to zh-CN, must win over every later source set to en-US.
  const cases = DETECTION_ORDER.map((source, i) => ({ source, later: DETECTION_ORDER.slice(i + 1) }));
  it.each(cases)('$source wins over the sources after it', ({ source, later }) => {
    clearAll();
    for (const other of later) sources[other]('en-US');
    sources[source]('zh-CN');
    expect(detect()).toBe('zh-CN');
  });

  it.each([
    ['zh', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['en', 'en-US'],
    ['en-GB', 'en-US'],
    ['fr-FR', 'en-US'],
    ['zh-CN', 'zh-CN'],
  ])('normalises %s to %s', (input, expected) => {
    expect(normalizeLanguage(input)).toBe(expected);
  });
});
