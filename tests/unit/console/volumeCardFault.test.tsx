import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { http as route, HttpResponse } from 'msw';
import { server, startMockApi } from '../dataProvider/harness';
import { answer } from '../resources/harness';
import { answerHomeReads, mountHome } from '../resources/mountHome';
import { ApiPath } from '../../../src/contract/apiPaths';

startMockApi();

/** Issue 33 item 10: a dashboard the server fails to give is said as a failure, never as "no paid orders". */
describe('/home volume card on a server fault', () => {
  it('a 500 from the dashboard shows an error with a retry, not an empty period', async () => {
    answerHomeReads();
    server.use(
      route.get(`/api${ApiPath.dashboard}`, () => HttpResponse.json({ code: 500, msg: 'api.serverError', data: null }, { status: 500 })),
    );
    mountHome();
    expect((await screen.findByTestId('volume-failed')).textContent).toContain('could not be loaded');
    expect(screen.queryByText('No paid orders in this period.')).toBeNull();

    // The retry reads again; an answer then replaces the error.
    answer('get', ApiPath.dashboard, { from: '2026-01-01', to: '2026-01-30', volume: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No paid orders in this period.')).toBeTruthy();
    expect(screen.queryByTestId('volume-failed')).toBeNull();
  });

  it('an empty period still says so', async () => {
    answerHomeReads();
    answer('get', ApiPath.dashboard, { from: '2026-01-01', to: '2026-01-30', volume: [] });
    mountHome();
    expect(await screen.findByText('No paid orders in this period.')).toBeTruthy();
    expect(screen.queryByTestId('volume-failed')).toBeNull();
  });
});
