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
  requests.length = 0;
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

  it('a failed load is retried 5 times: after 350, 700, 1400, 2800 and 5600 ms, then fails', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const start = Date.now();
    const instance = createInstance().use(HttpBackend);
    let failure: unknown = null;
    let finished = false;
    void instance.init(
      {
        ...i18nOptions(),
        lng: 'en-US',
        ns: ['translation'],
        detection: undefined,
        backend: { loadPath: 'http://console.test/locales/{{lng}}/{{ns}}.json' },
      },
      (error) => {
        failure = error;
        finished = true;
      },
    );
    const elapsed = () => requests.map((at) => at - start);

    await vi.advanceTimersByTimeAsync(0);
    expect(elapsed()).toEqual([0]);
    // Each wait doubles; one millisecond early, the next try has not happened yet.
    const expectedAt = [0];
    for (const wait of [350, 700, 1400, 2800, 5600]) {
      const due = expectedAt[expectedAt.length - 1] + wait;
      await vi.advanceTimersByTimeAsync(due - 1 - (Date.now() - start));
      expect(requests).toHaveLength(expectedAt.length);
      await vi.advanceTimersByTimeAsync(1);
      expectedAt.push(due);
      expect(elapsed()).toEqual(expectedAt);
    }
    expect(expectedAt).toEqual([0, 350, 1050, 2450, 5250, 10850]);
    expect(finished).toBe(true);
    expect(failure).toBeTruthy();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(6);
    expect(instance.hasResourceBundle('en-US', 'translation')).toBe(false);
  });

  it('a missing file (404) is not asked for again', async () => {
    api.use(
      http.get('http://console.test/locales/:lng/:ns', () => {
        requests.push(Date.now());
        return new HttpResponse(null, { status: 404 });
      }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const instance = createInstance().use(HttpBackend);
    void instance.init({
      ...i18nOptions(),
      lng: 'en-US',
      ns: ['translation'],
      detection: undefined,
      backend: { loadPath: 'http://console.test/locales/{{lng}}/{{ns}}.json' },
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
  });
});
