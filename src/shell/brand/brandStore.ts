import { useSyncExternalStore } from 'react';
import { StorageKey } from '../../contract/constants';
import { ApiPath } from '../../contract/apiPaths';
import type { StoredBrand } from '../../contract/schemas/brand';

/** The brand's four fields, as GET /sys/config/brand answers them. */
export type BrandConfig = StoredBrand;

export const DEFAULT_BRAND: BrandConfig = {
  brandName: 'Custodia',
  favicon: '/brand/favicon.svg',
  logo: '/brand/logo.svg',
  logoDarkMode: '/brand/logo-dark.svg',
};

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

/** What the brand needs of the console's HTTP client (src/http.ts, given by the start-up): one GET answering the envelope's data. */
export interface BrandClient {
  get<T>(path: string): Promise<T>;
}

/**
 * Start-up: apply the cached brand synchronously (no flash of the default), then refresh it
 * from GET /sys/config/brand through the console's HTTP client, as every call goes (its
 * time-out, the language, a toast saying why it failed; docs/console.md "Brand").
 */
export async function loadBrand(client: BrandClient): Promise<BrandConfig> {
  applyBrand(current);
  try {
    const data = await client.get<Partial<BrandConfig> | null>(ApiPath.brand.get);
    if (data?.brandName) brandStore.set({ ...DEFAULT_BRAND, ...data } as BrandConfig);
  } catch {
    // The client has shown why; the cached brand stays and the next load refreshes it.
  }
  return current;
}

export const useBrand = (): BrandConfig => useSyncExternalStore(brandStore.subscribe, brandStore.get, brandStore.get);
