import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { localStorageStore } from 'react-admin';
import versions from 'virtual:locale-versions';

// Node's fetch has no page to resolve `/locales/…` against; the browser's does.
vi.hoisted(() => {
  const nodeFetch = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    nodeFetch(typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.href).href : input, init);
});

const root = path.resolve(import.meta.dirname, '../../..');
const requested: string[] = [];
const api = setupServer(
  http.get('*/locales/:lng/:file', ({ request, params }) => {
    requested.push(new URL(request.url).pathname + new URL(request.url).search);
    const file = path.join(root, 'public/locales', String(params.lng), String(params.file));
    return fs.existsSync(file) ? HttpResponse.text(fs.readFileSync(file, 'utf8')) : new HttpResponse(null, { status: 404 });
  }),
);
beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterAll(() => api.close());
beforeEach(() => {
  requested.length = 0;
  vi.resetModules();
  window.history.replaceState(null, '', '/login');
  document.documentElement.removeAttribute('lang');
});
afterEach(() => api.resetHandlers());

/** A fresh console i18n module, as on a new page load. */
const load = () => import('../../../src/i18n');

describe('the console i18nProvider (ra-i18n-i18next over the detected language)', () => {
  it('?lng=zh-CN wins over a stored choice and over the locale react-admin remembered; files load with their hash', async () => {
    const store = localStorageStore();
    store.setItem('locale', 'en-US');
    localStorage.setItem('i18nextLng', 'en-US');
    window.history.replaceState(null, '', '/login?lng=zh-CN');
    const { initI18n } = await load();
    const provider = await initI18n(store);
    expect(provider.getLocale()).toBe('zh-CN');
    expect(provider.translate('ra.action.save')).toBe('保存');
    expect(provider.translate('errors.request-timeout')).not.toBe('errors.request-timeout');
    expect(store.getItem('locale')).toBe('zh-CN');
    expect(localStorage.getItem('i18nextLng')).toBe('zh-CN');
    expect(document.documentElement.getAttribute('lang')).toBe('zh-CN');
    // en-US too: it is the fallback for any key zh-CN lacked.
    expect(requested.sort()).toEqual([
      `/locales/en-US/api.json?v=${versions['en-US/api']}`,
      `/locales/en-US/translation.json?v=${versions['en-US/translation']}`,
      `/locales/zh-CN/api.json?v=${versions['zh-CN/api']}`,
      `/locales/zh-CN/translation.json?v=${versions['zh-CN/translation']}`,
    ]);
  });

  it('without a query string, cookie or stored choice the browser language decides (zh → zh-CN)', async () => {
    Object.defineProperty(window.navigator, 'languages', { value: ['zh'], configurable: true });
    try {
      const { initI18n } = await load();
      expect((await initI18n(localStorageStore())).getLocale()).toBe('zh-CN');
    } finally {
      Object.defineProperty(window.navigator, 'languages', { value: ['en-US', 'en'], configurable: true });
    }
  });

  it('an unsupported language falls back to en-US', async () => {
    window.history.replaceState(null, '', '/login?lng=fr-FR');
    const { initI18n } = await load();
    const provider = await initI18n(localStorageStore());
    expect(provider.getLocale()).toBe('en-US');
    expect(provider.translate('ra.action.save')).toBe('Save');
  });

  it('changeLanguage switches i18next, remembers the choice and names it for Accept-Language', async () => {
    const { initI18n, changeLanguage, currentLanguage } = await load();
    const store = localStorageStore();
    await initI18n(store);
    await changeLanguage('zh-Hans', store);
    expect(currentLanguage()).toBe('zh-CN');
    expect(localStorage.getItem('i18nextLng')).toBe('zh-CN');
    expect(store.getItem('locale')).toBe('zh-CN');
    expect(document.documentElement.getAttribute('lang')).toBe('zh-CN');
  });

  it('react-admin switching the locale normalises the tag', async () => {
    const { initI18n, currentLanguage } = await load();
    const provider = await initI18n(localStorageStore());
    await provider.changeLocale('zh');
    expect(currentLanguage()).toBe('zh-CN');
    expect(provider.translate('ra.action.save')).toBe('保存');
  });
});
