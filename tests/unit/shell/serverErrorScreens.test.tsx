import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http as route, HttpResponse } from 'msw';
import { masks } from '../../../src/access';
import { envelope, server, startMockApi } from '../dataProvider/harness';
import { answer, mountAdmin, testResource } from '../resources/harness';
import { answerHomeReads, mountHome } from '../resources/mountHome';
import { ApiPath } from '../../../src/contract/apiPaths';

startMockApi();

/**
 * A screen whose data the server fails to give (HTTP 5xx or a 5xx body code) shows the
 * /500 page's content inside the console layout; a refusal (4xx) keeps the screen's own handling.
 */
const gadget = testResource({
  name: 'gadget',
  fields: [{ source: 'code', kind: 'text', required: true }],
  access: { create: masks.operator, edit: masks.operator },
});

type Failure = [string, () => Response];
const serverFaults: Failure[] = [
  ['HTTP 500', () => HttpResponse.json({ code: 500, msg: 'api.serverError', data: null }, { status: 500 })],
  ['HTTP 502 from a proxy', () => new HttpResponse('<html>Bad Gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } })],
  ['body code 500 over HTTP 200', () => envelope(500, null, 'api.serverError')],
];
const refusals: Failure[] = [
  ['body code 400', () => envelope(400, null, 'Bad filter')],
  ['HTTP 404', () => HttpResponse.json({ code: 404, msg: '', data: null }, { status: 404 })],
];

const failWith = (path: string, respond: () => Response) => server.use(route.get(`/api${path}`, respond));

async function expectServerErrorContent() {
  expect(await screen.findByRole('heading', { level: 1, name: 'Server error' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/home');
  // The console layout stays around it: the app bar is still there.
  expect(screen.getByRole('banner')).toBeTruthy();
}

describe('generated views', () => {
  it.each(serverFaults)('a list answered with %s shows the /500 content', async (_, respond) => {
    failWith(gadget.endpoint.paths.list, respond);
    mountAdmin([gadget], '/gadget', 'superAdmin');
    await expectServerErrorContent();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it.each(refusals)('a list answered with %s toasts and keeps the list’s own content', async (_, respond) => {
    failWith(gadget.endpoint.paths.list, respond);
    const deps = mountAdmin([gadget], '/gadget', 'superAdmin');
    // react-admin's own answer to a failed list: its "no results" line (the resource has no translated name here).
    expect(await screen.findByText(/^No .*gadget.* found$/)).toBeTruthy();
    expect(deps.notifyError).toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'Server error' })).toBeNull();
  });

  it('a show page whose record fails with HTTP 500 shows the /500 content', async () => {
    failWith(gadget.endpoint.paths.detail, serverFaults[0][1]);
    mountAdmin([gadget], '/gadget/1/show', 'superAdmin');
    await expectServerErrorContent();
  });

  it('an edit page whose record fails with HTTP 500 shows the /500 content', async () => {
    failWith(gadget.endpoint.paths.detail, serverFaults[0][1]);
    mountAdmin([gadget], '/gadget/1', 'superAdmin');
    await expectServerErrorContent();
  });

  it('an edit page whose record is refused goes back to the list, as without the error prop', async () => {
    failWith(gadget.endpoint.paths.detail, refusals[1][1]);
    answer('get', gadget.endpoint.paths.list, { list: [{ id: 2, code: 'G-2' }], count: 1 });
    mountAdmin([gadget], '/gadget/1', 'superAdmin');
    expect(await screen.findByText('G-2')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Server error' })).toBeNull();
  });
});

describe('custom pages', () => {
  it('the dashboard shows the /500 content when its wallets fail with HTTP 500', async () => {
    answerHomeReads();
    failWith(ApiPath.chainWallet.list, serverFaults[0][1]);
    mountHome();
    await expectServerErrorContent();
    expect(screen.queryByTestId('home-balances')).toBeNull();
  });

  it('the dashboard shows its figures when its calls succeed', async () => {
    answerHomeReads();
    mountHome();
    expect(await screen.findByTestId('home-balances')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('home-networks').textContent).toBe('0'));
    expect(screen.queryByRole('heading', { name: 'Server error' })).toBeNull();
  });
});
