import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import '../testI18nProvider';

const acme = { brandName: 'Acme', favicon: '/acme.ico', logo: '/acme.svg', logoDarkMode: '/acme-dark.svg' };

/** The sign-in page as the start-up renders it on a page load that finds `stored` in local storage. */
async function signInPage(stored: Record<string, string>, notice?: string | null) {
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  // A fresh brand store and theme choice: both read local storage when they load.
  vi.resetModules();
  const { default: LoginPage } = await import('../../../src/pages/login/LoginPage');
  const { StartupFrame } = await import('../../../src/startup/StartupFrame');
  render(
    <StartupFrame>
      <LoginPage signIn={() => Promise.resolve()} notice={notice} />
    </StartupFrame>,
  );
  return screen.getByRole('img', { name: 'Acme' });
}

describe('sign-in page: the brand logo', () => {
  it("shows the cached brand's logo", async () => {
    const logo = await signInPage({ 'brand-config': JSON.stringify(acme) });
    expect(logo.getAttribute('src')).toBe('/acme.svg');
  });

  it('shows its logoDarkMode under the dark theme', async () => {
    const logo = await signInPage({ 'brand-config': JSON.stringify(acme), 'RaStore.theme': '"dark"' });
    expect(logo.getAttribute('src')).toBe('/acme-dark.svg');
  });
});

describe('sign-in page: why the console sent the user here', () => {
  it('shows the reason the console remembered before reloading to /login, once', async () => {
    const { rememberSignOutReason, takeSignOutReason } = await import('../../../src/startup/signOutReason');
    rememberSignOutReason('Your sign-in has expired. Please sign in again.');
    await signInPage({ 'brand-config': JSON.stringify(acme) }, takeSignOutReason());
    expect(screen.getByRole('status').textContent).toContain('Your sign-in has expired. Please sign in again.');
    // Read once: a later visit to /login starts without it.
    expect(takeSignOutReason()).toBeNull();
  });

  it('shows no notice on a plain visit', async () => {
    await signInPage({ 'brand-config': JSON.stringify(acme) }, null);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
