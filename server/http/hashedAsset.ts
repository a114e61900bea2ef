/**
 * Is this request URL a file that never changes under its name: a chunk or stylesheet of the
 * console's build (Vite puts a content hash in every name under /assets/) or a versioned
 * translation file (`?v=<hash>`, build/localeVersions.ts)? Those are cached for a year, and they
 * are subresources, never a page: the headers that govern a document are not sent with them
 * (docs/DECISIONS.md "Security headers on documents, not on every file").
 */
export const isHashedAsset = (url: string): boolean => {
  const [path, query = ''] = url.split('?', 2);
  if (path.startsWith('/assets/')) return /\.(js|css)$/.test(path);
  return path.startsWith('/locales/') && path.endsWith('.json') && /(^|&)v=/.test(query);
};
