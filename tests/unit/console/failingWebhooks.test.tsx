import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { startMockApi } from '../dataProvider/harness';
import { answerHomeReads, mountHome } from '../resources/mountHome';

startMockApi();

/**
 * /home names the failing webhook endpoints the server answers (docs/webhooks.md "A failing
 * endpoint"), each linked to its page; with none answered (anyone but the org's managers) nothing shows.
 */
describe('/home failing webhook endpoints', () => {
  it('links each endpoint the server names to its page, failing or turned off', async () => {
    answerHomeReads();
    mountHome('merchantProManager', [
      {
        id: 7,
        url: 'https://shop.example/hook',
        enabled: true,
        failingSince: '2026-11-28T10:00:00.000Z',
        disabledAt: null,
        disabledReason: null,
      },
      {
        id: 8,
        url: 'https://old.example/hook',
        enabled: false,
        failingSince: '2026-11-20T10:00:00.000Z',
        disabledAt: '2026-11-25T10:00:00.000Z',
        disabledReason: 'every delivery failed for 5 days',
      },
    ]);
    const warning = await screen.findByTestId('home-failing-webhooks');
    expect(within(warning).getByRole('link', { name: 'https://shop.example/hook' }).getAttribute('href')).toBe('/webhook/7/show');
    expect(within(warning).getByRole('link', { name: 'https://old.example/hook' }).getAttribute('href')).toBe('/webhook/8/show');
    expect(warning.textContent).toContain('deliveries failing since');
    expect(warning.textContent).toContain('after 5 days of failing');
  });

  it('shows nothing when the server names no endpoint', async () => {
    answerHomeReads();
    mountHome('merchantProFinance');
    expect(await screen.findByText('No paid orders in this period.')).toBeTruthy();
    expect(screen.queryByTestId('home-failing-webhooks')).toBeNull();
  });
});
