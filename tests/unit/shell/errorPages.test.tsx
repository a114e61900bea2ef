import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import type { ComponentType } from 'react';
import { ForbiddenPage, NotFoundPage, ScreenErrorBoundary, ServerErrorPage } from '../../../src/shell/errors';
import { testI18nProvider as i18nProvider } from '../testI18nProvider';

const inAdmin = (children: React.ReactNode) => render(<AdminContext i18nProvider={i18nProvider}>{children}</AdminContext>);

describe('error pages', () => {
  it.each([
    ['/403', ForbiddenPage, '403', 'No access'],
    ['/500', ServerErrorPage, '500', 'Server error'],
    ['not found', NotFoundPage, '404', 'Page not found'],
  ] as [string, ComponentType, string, string][])('%s: code, translated title and a way home', (_, Page, code, title) => {
    inAdmin(<Page />);
    expect(screen.getByText(code)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toMatch(/\/home$/);
  });
});

describe('<ScreenErrorBoundary>', () => {
  const Crashing = (): never => {
    throw new Error('undefined is not a function');
  };

  it('shows /500-style content with a way home when a screen crashes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    inAdmin(
      <ScreenErrorBoundary>
        <Crashing />
      </ScreenErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Server error' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('shows its children when nothing crashes', () => {
    inAdmin(
      <ScreenErrorBoundary>
        <p>fine</p>
      </ScreenErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeTruthy();
  });
});
