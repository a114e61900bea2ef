import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { AdminContext } from 'react-admin';
import { testI18nProvider as i18nProvider } from '../testI18nProvider';
import { createHttpClient } from '../../../src/dataProvider/httpClient';
import { ApiPath } from '../../../src/contract/apiPaths';

const brand = (brandName: string) => ({
  brandName,
  favicon: `/${brandName}.ico`,
  logo: `/${brandName}.svg`,
  logoDarkMode: `/${brandName}-dark.svg`,
});

const API = 'http://console.test/api';
let served = brand('Fresh');
let language: string | null = null;
const api = setupServer(
  http.get(`${API}${ApiPath.brand.get}`, async ({ request }) => {
    language = request.headers.get('Accept-Language');
    await delay(30);
    return HttpResponse.json({ code: 200, msg: 'ok', description: '', data: served });
  }),
);
beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());
beforeEach(() => {
  served = brand('Fresh');
  language = null;
  vi.resetModules();
});

/** The console's HTTP client as src/http.ts makes it, its toasts caught (docs/console.md "Calls and their failures"). */
const clientFor = (timeoutMs = 2_000) => {
  const toasts: string[] = [];
  const client = createHttpClient({
    baseUrl: API,
    timeoutMs,
    getToken: () => null,
    getLanguage: () => 'zh-CN',
    getOrgId: () => null,
    translate: (key) => key,
    notifyError: (message) => toasts.push(message),
    onAuthFailure: () => undefined,
  });
  return { client, toasts };
};

/** The brand module as a new page load sees it. */
const load = () => import('../../../src/shell/brand');
const page = () => ({
  title: document.title,
  description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
  favicon: document.querySelector('link[rel="icon"]')?.getAttribute('href'),
});

describe('brand at start-up', () => {
  it('applies the cached brand synchronously, then the fetched one, and caches it', async () => {
    localStorage.setItem('brand-config', JSON.stringify(brand('Cached')));
    const { loadBrand } = await load();
    const { client, toasts } = clientFor();
    const loading = loadBrand(client);
    expect(page()).toEqual({ title: 'Cached Admin', description: 'Cached admin platform', favicon: '/Cached.ico' });
    await loading;
    // Through the console's client: in the console's language, nothing to toast.
    expect(language).toBe('zh-CN');
    expect(toasts).toEqual([]);
    expect(page()).toEqual({ title: 'Fresh Admin', description: 'Fresh admin platform', favicon: '/Fresh.ico' });
    expect(JSON.parse(localStorage.getItem('brand-config') ?? '{}')).toEqual(brand('Fresh'));
  });

  it('without a cache, starts from the seed brand', async () => {
    const { loadBrand, DEFAULT_BRAND } = await load();
    const loading = loadBrand(clientFor().client);
    expect(DEFAULT_BRAND).toEqual({
      brandName: 'Custodia',
      favicon: '/brand/favicon.svg',
      logo: '/brand/logo.svg',
      logoDarkMode: '/brand/logo-dark.svg',
    });
    expect(page()).toEqual({ title: 'Custodia Admin', description: 'Custodia admin platform', favicon: '/brand/favicon.svg' });
    await loading;
    expect(page().title).toBe('Fresh Admin');
  });

  it.each([
    ['the API is unreachable', () => HttpResponse.error(), 'errors.network-connect-failed'],
    [
      'the API answers with an error envelope',
      () => HttpResponse.json({ code: 500, msg: 'errors.server-error', data: null }),
      'errors.server-error',
    ],
    ['the API fails with HTTP 500', () => new HttpResponse('down', { status: 500 }), 'errors.server-error'],
    [
      'the API does not answer in time',
      async () => {
        await delay(2_000);
        return HttpResponse.json({ code: 200, msg: 'ok', data: brand('Late') });
      },
      'errors.request-timeout',
    ],
  ])('keeps the cached brand when %s, and says why in a toast', async (_, answer, toast) => {
    api.use(http.get(`${API}${ApiPath.brand.get}`, answer));
    localStorage.setItem('brand-config', JSON.stringify(brand('Kept')));
    const { loadBrand } = await load();
    const { client, toasts } = clientFor(100);
    await loadBrand(client);
    expect(toasts).toEqual([toast]);
    expect(page().title).toBe('Kept Admin');
    expect(JSON.parse(localStorage.getItem('brand-config') ?? '{}').brandName).toBe('Kept');
  });
});

describe('<BrandLogo/>', () => {
  const renderLogo = async (defaultTheme: 'light' | 'dark') => {
    const { BrandLogo, brandStore, lightTheme, darkTheme } = await load();
    brandStore.set(brand('Acme'));
    render(
      <AdminContext i18nProvider={i18nProvider} theme={lightTheme} darkTheme={darkTheme} defaultTheme={defaultTheme}>
        <BrandLogo />
      </AdminContext>,
    );
    return brandStore;
  };

  it('shows the logo under the light theme', async () => {
    await renderLogo('light');
    expect(screen.getByRole('img', { name: 'Acme' }).getAttribute('src')).toBe('/Acme.svg');
  });

  it('shows logoDarkMode under the dark theme', async () => {
    await renderLogo('dark');
    expect(screen.getByRole('img', { name: 'Acme' }).getAttribute('src')).toBe('/Acme-dark.svg');
  });

  it('changes at once when the brand is saved, with the title', async () => {
    const brandStore = await renderLogo('light');
    act(() => brandStore.set(brand('Renamed')));
    expect(screen.getByRole('img', { name: 'Renamed' }).getAttribute('src')).toBe('/Renamed.svg');
    expect(document.title).toBe('Renamed Admin');
  });
});
