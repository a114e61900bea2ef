import { describe, expect, it, vi } from 'vitest';
import { applyBrand, brandStore, loadBrand } from '../../../src/shell/brand';

const brand = (brandName: string) => ({ brandName, favicon: `/${brandName}.ico`, logo: `/${brandName}.svg`, logoDarkMode: `/${brandName}-dark.svg` });

describe('brand', () => {
  it('sets the title, description and favicon of SPEC A1', () => {
    applyBrand(brand('Acme'));
    expect(document.title).toBe('Acme Admin');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Acme admin platform');
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/Acme.ico');
  });

  it('applies the cached brand at once, then refreshes it from the API and caches the new one', async () => {
    brandStore.set(brand('Cached'));
    let answer: (r: Response) => void = () => undefined;
    const fetchImpl = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const loading = loadBrand(fetchImpl as unknown as typeof fetch, '/api');
    expect(document.title).toBe('Cached Admin');
    expect(fetchImpl).toHaveBeenCalledWith('/api/sys/config/brand', expect.anything());
    answer(new Response(JSON.stringify({ code: 200, msg: 'ok', data: brand('Fresh') }), { status: 200 }));
    await loading;
    expect(document.title).toBe('Fresh Admin');
    expect(JSON.parse(localStorage.getItem('brand-config') ?? '{}').brandName).toBe('Fresh');
  });

  it('keeps the cached brand when the API is unreachable', async () => {
    brandStore.set(brand('Kept'));
    await loadBrand((() => Promise.reject(new TypeError('offline'))) as unknown as typeof fetch, '/api');
    expect(document.title).toBe('Kept Admin');
  });
});
