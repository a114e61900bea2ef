import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createInstance } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { i18nOptions, localeUrl } from '../../../src/i18n';
import { localeVersions } from '../../../build/localeVersions';

const requests: number[] = [];
const api = setupServer(
  http.get('http://console.test/locales/:lng/:ns', () => {
    requests.push(Date.now());
    return new HttpResponse('unavailable', { status: 503 });
  }),
);
beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  api.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => api.close());

describe('translation files', () => {
  it('are asked for at /locales/<lng>/<ns>.json?v=<content hash>', () => {
    expect(localeUrl('zh-CN', 'translation', { 'zh-CN/translation': 'abc123' })).toBe('/locales/zh-CN/translation.json?v=abc123');
  });

  it('get a new version hash when the file changes, and keep it when it does not', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locales-'));
    fs.mkdirSync(path.join(dir, 'en-US'));
    fs.writeFileSync(path.join(dir, 'en-US', 'translation.json'), '{"a":"1"}');
    const first = localeVersions(dir)['en-US/translation'];
    expect(localeVersions(dir)['en-US/translation']).toBe(first);
    fs.writeFileSync(path.join(dir, 'en-US', 'translation.json'), '{"a":"2"}');
    expect(localeVersions(dir)['en-US/translation']).not.toBe(first);
    expect(first).toMatch(/^[0-9a-f]{12}$/);
  });

  it('a failed load is retried 5 times: after 350, 700, 1400, 2800 and 5600 ms', async () => {
    // Every timer runs at once, but its requested delay is recorded.
    const delays: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      delays.push(ms ?? 0);
      return realSetTimeout(fn, 0);
    }) as unknown as typeof setTimeout);
    try {
      const instance = createInstance().use(HttpBackend);
      await instance.init({ ...i18nOptions(), lng: 'en-US', ns: ['translation'], detection: undefined, backend: { loadPath: 'http://console.test/locales/{{lng}}/{{ns}}.json' } });
    } finally {
      spy.mockRestore();
    }
    expect(requests).toHaveLength(6);
    expect(delays.filter((ms) => ms >= 100)).toEqual([350, 700, 1400, 2800, 5600]);
  });
});
