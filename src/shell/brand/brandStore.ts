import { useSyncExternalStore } from 'react';
import { API_BASE, StorageKey } from '../../contract/constants';
import { ApiPath } from '../../contract/apiPaths';

export interface BrandConfig {
  brandName: string;
  favicon: string;
  logo: string;
  logoDarkMode: string;
}

export const DEFAULT_BRAND: BrandConfig = { brandName: 'Custodia', favicon: '/brand/favicon.svg', logo: '/brand/logo.svg', logoDarkMode: '/brand/logo-dark.svg' };

const listeners = new Set<() => void>();

function readCache(): BrandConfig | null {
  try {
    const raw = localStorage.getItem(StorageKey.brand);
    return raw ? { ...DEFAULT_BRAND, ...(JSON.parse(raw) as Partial<BrandConfig>) } : null;
  } catch {
    return null;
  }
}

let current: BrandConfig = readCache() ?? DEFAULT_BRAND;

function setMeta(name: string, content: string) {
  let meta = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.appendChild(meta);
  }
  meta.content = content;
}

/** As docs/console.md "Brand" says: title "<brand> Admin", description "<brand> admin platform", the favicon. */
export function applyBrand(brand: BrandConfig) {
  document.title = `${brand.brandName} Admin`;
  setMeta('description', `${brand.brandName} admin platform`);
  if (brand.favicon) {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = brand.favicon;
  }
}

export const brandStore = {
  get: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Cache, apply at once, tell every logo. */
  set(brand: BrandConfig) {
    current = brand;
    localStorage.setItem(StorageKey.brand, JSON.stringify(brand));
    applyBrand(brand);
    listeners.forEach((l) => l());
  },
};

/**
 * Start-up: apply the cached brand synchronously (no flash of the default), then
 * refresh from GET /sys/config/brand (fields read from `data`).
 */
export async function loadBrand(fetchImpl: typeof fetch = fetch, base = API_BASE): Promise<BrandConfig> {
  applyBrand(current);
  try {
    const response = await fetchImpl(`${base}${ApiPath.brand.get}`, { credentials: 'include' });
    const body = (await response.json()) as { code?: number; data?: Partial<BrandConfig> };
    if (response.ok && body.code === 200 && body.data?.brandName) brandStore.set({ ...DEFAULT_BRAND, ...body.data } as BrandConfig);
  } catch {
    // Offline or server down: the cached brand stays; the next load refreshes it.
  }
  return current;
}

export const useBrand = (): BrandConfig => useSyncExternalStore(brandStore.subscribe, brandStore.get, brandStore.get);
