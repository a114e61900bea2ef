import { describe, expect, it } from 'vitest';
import { startupView } from '../../../src/startup/startupView';
import { initialThemeMode, THEME_STORE_KEY } from '../../../src/shell/brand/themeMode';

describe('startupView: what the start-up renders before react-admin is loaded', () => {
  it('/login is always the sign-in page, then /home', () => {
    expect(startupView('/login', '', false)).toEqual({ view: 'signIn', returnTo: '/home' });
    expect(startupView('/login', '?lng=zh-CN', true)).toEqual({ view: 'signIn', returnTo: '/home' });
  });

  it('a guarded path without a token signs in first and returns to that path (with its query)', () => {
    expect(startupView('/network', '', false)).toEqual({ view: 'signIn', returnTo: '/network' });
    expect(startupView('/multisig/12/show', '?tab=votes', false)).toEqual({ view: 'signIn', returnTo: '/multisig/12/show?tab=votes' });
    expect(startupView('/', '', false)).toEqual({ view: 'signIn', returnTo: '/home' });
  });

  it('with a token the console loads at once', () => {
    for (const path of ['/', '/home', '/network', '/brand']) expect(startupView(path, '', true)).toEqual({ view: 'console' });
  });

  it('public pages go to the console, which renders them without sign-in', () => {
    for (const path of ['/terms', '/403', '/500']) expect(startupView(path, '', false)).toEqual({ view: 'console' });
  });

  it('signed out, a path no route knows is not-found (not the sign-in page); signed in, the console shows its not-found', () => {
    for (const path of ['/no-such-screen', '/networks', '/home-x', '/login/extra']) {
      expect(startupView(path, '', false)).toEqual({ view: 'notFound' });
      expect(startupView(path, '', true)).toEqual({ view: 'console' });
    }
  });

  it('/signup is the start-up’s sign-up page, with or without a token', () => {
    expect(startupView('/signup', '?code=ABCD-EFGH-JKMN', false)).toEqual({ view: 'signUp' });
    expect(startupView('/signup', '', true)).toEqual({ view: 'signUp' });
  });
});

describe('initialThemeMode: the sign-in page uses the theme the console will', () => {
  const storage = (value: string | null) => ({ getItem: () => value }) as unknown as Storage;

  it("react-admin's stored toggle wins over the system", () => {
    expect(initialThemeMode(storage('"dark"'), () => false)).toBe('dark');
    expect(initialThemeMode(storage('"light"'), () => true)).toBe('light');
  });

  it('without a stored choice (or an unreadable one) the system colour scheme decides', () => {
    expect(initialThemeMode(storage(null), () => true)).toBe('dark');
    expect(initialThemeMode(storage(null), () => false)).toBe('light');
    expect(initialThemeMode(storage('{oops'), () => true)).toBe('dark');
    expect(initialThemeMode(storage('"blue"'), () => false)).toBe('light');
  });

  it('reads the key react-admin writes', () => {
    expect(THEME_STORE_KEY).toBe('RaStore.theme');
  });
});
