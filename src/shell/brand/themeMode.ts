/**
 * The theme react-admin will pick, read before react-admin is loaded so the sign-in page
 * and the start-up screens match the console: the user's toggle (react-admin keeps it in
 * its store as `RaStore.theme`), else the system's colour scheme.
 */
export const THEME_STORE_KEY = 'RaStore.theme';

export function initialThemeMode(
  storage: Storage = localStorage,
  prefersDark = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false,
): 'light' | 'dark' {
  try {
    const stored: unknown = JSON.parse(storage.getItem(THEME_STORE_KEY) ?? 'null');
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // A value another version wrote: fall back to the system's choice.
  }
  return prefersDark() ? 'dark' : 'light';
}
