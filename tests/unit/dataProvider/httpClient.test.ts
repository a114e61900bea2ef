import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, toQueryString } from '../../../src/dataProvider';
import { envelope, makeDeps, messages, rejectionOf, startMockApi } from './harness';
import { ApiPath, withId } from '../../../src/contract/apiPaths';

const server = startMockApi();

beforeEach(() => localStorage.setItem('token', 'tok-123'));

function setup(overrides: Parameters<typeof makeDeps>[0] = {}) {
  const deps = makeDeps(overrides);
  return { deps, client: createHttpClient(deps) };
}

describe('error table: one row each', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('timeout: nothing aborts at 29 999 ms, the call fails at 30 000 ms and toasts request-timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(
      http.get('/api/slow', async () => {
        await delay('infinite');
        return envelope(200);
      }),
    );
    const { deps, client } = setup();
    const outcome = rejectionOf(client.get('/slow'));
    let settled = false;
    const settle = () => (settled = true);
    void outcome.then(settle, settle);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).toBe(false);
    expect(deps.notifyError).not.toHaveBeenCalled();
    // The fake clock stops here: the call can only fail at 30 000 ms.
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error.message).toBe(messages['errors.request-timeout']);
    expect(deps.notifyError).toHaveBeenCalledExactlyOnceWith(messages['errors.request-timeout']);
  });

  it('timeout: an injected timeoutMs replaces the default', async () => {
    server.use(
      http.get('/api/slow', async () => {
        await delay('infinite');
        return envelope(200);
      }),
    );
    const { deps, client } = setup({ timeoutMs: 5 });
    const error = await rejectionOf(client.get('/slow'));
    expect(error.message).toBe(messages['errors.request-timeout']);
    expect(deps.notifyError).toHaveBeenCalledExactlyOnceWith(messages['errors.request-timeout']);
  });

  it('network failure (fetch throws TypeError) → network-connect-failed', async () => {
    server.use(http.get('/api/x', () => HttpResponse.error()));
    const { deps, client } = setup();
    const error = await rejectionOf(client.get('/x'));
    expect(error.message).toBe(messages['errors.network-connect-failed']);
    expect(error.status).toBe(0);
    expect(deps.notifyError).toHaveBeenCalledExactlyOnceWith(messages['errors.network-connect-failed']);
    expect(localStorage.getItem('token')).toBe('tok-123');
  });

  it('no response (fetch fails otherwise) → request-failed', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('blocked', 'NotAllowedError')));
    const { deps, client } = setup();
    const error = await rejectionOf(client.get('/x'));
    expect(error.message).toBe(messages['errors.request-failed']);
    expect(deps.notifyError).toHaveBeenCalledExactlyOnceWith(messages['errors.request-failed']);
  });

  const httpRows = [
    {
      row: 'HTTP 500 → server-error (the row wins over a body msg)',
      status: 500,
      body: { code: 500, msg: 'db exploded' },
      toast: messages['errors.server-error'],
      endsSession: false,
    },
    { row: 'HTTP 404 → not-found', status: 404, body: null, toast: messages['errors.not-found'], endsSession: false },
    {
      row: 'HTTP 403 → no-permission, token cleared, back to /login',
      status: 403,
      body: null,
      toast: messages['errors.no-permission'],
      endsSession: true,
    },
    {
      row: 'HTTP 401 → login-expired, token cleared, back to /login',
      status: 401,
      body: null,
      toast: messages['errors.login-expired'],
      endsSession: true,
    },
    {
      row: 'other HTTP status with a body msg → that msg, translated',
      status: 418,
      body: { code: 418, msg: 'errors.server-error' },
      toast: messages['errors.server-error'],
      endsSession: false,
    },
    {
      row: 'other HTTP status with a sentence msg → the sentence',
      status: 409,
      body: { code: 409, msg: 'Already taken' },
      toast: 'Already taken',
      endsSession: false,
    },
    {
      row: 'other HTTP status with a plain error message (Fastify) → that message',
      status: 429,
      body: { statusCode: 429, message: 'Rate limit exceeded' },
      toast: 'Rate limit exceeded',
      endsSession: false,
    },
    {
      row: 'other HTTP status without a body msg → request-failed',
      status: 502,
      body: null,
      toast: messages['errors.request-failed'],
      endsSession: false,
    },
  ];

  it.each(httpRows)('$row', async ({ status, body, toast, endsSession }) => {
    server.use(
      http.get('/api/x', () =>
        body
          ? HttpResponse.json(body, { status })
          : new HttpResponse('<html>bad gateway</html>', { status, headers: { 'Content-Type': 'text/html' } }),
      ),
    );
    const { deps, client } = setup();
    const error = await rejectionOf(client.get('/x'));
    expect(error.message).toBe(toast);
    expect(error.status).toBe(status);
    expect(deps.notifyError).toHaveBeenCalledExactlyOnceWith(toast);
    expect(localStorage.getItem('token')).toBe(endsSession ? null : 'tok-123');
    expect(deps.onAuthFailure).toHaveBeenCalledTimes(endsSession ? 1 : 0);
  });
});

describe('envelope', () => {
  it('HTTP 200 + code 200 resolves data without a toast', async () => {
    server.use(http.get('/api/x', () => envelope(200, { a: 1 })));
    const { deps, client } = setup();
    await expect(client.get('/x')).resolves.toEqual({ a: 1 });
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('HTTP 200 + code 400 rejects with the field errors in the HttpError body for react-admin forms', async () => {
    const data = {
      amount: 'Too many decimals',
      name: { key: 'validation.minLength', params: { min: 3 } },
      'items.0.to': { key: 'validation.invalid' },
      '': { key: 'validation.invalid' },
    };
    server.use(http.post(`/api${ApiPath.currency.save}`, () => envelope(400, data, 'Invalid input', '2 fields')));
    const { deps, client } = setup();
    const error = await rejectionOf(client.post(ApiPath.currency.save, { amount: '1.0000001' }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid input (2 fields)');
    expect(error.body).toEqual({
      code: 400,
      msg: 'Invalid input',
      description: '2 fields',
      data,
      errors: {
        amount: 'Too many decimals',
        name: 'At least 3 characters',
        'items.0.to': 'Invalid input',
        root: { serverError: 'Invalid input' },
      },
    });
    expect(deps.notifyError).toHaveBeenCalledExactlyOnceWith('Invalid input (2 fields)');
    expect(localStorage.getItem('token')).toBe('tok-123');
  });

  it('HTTP 200 + code 400 without a field map rejects without errors', async () => {
    server.use(http.post('/api/x', () => envelope(400, null, 'Bad request')));
    const { client } = setup();
    const error = await rejectionOf(client.post('/x'));
    expect(error.status).toBe(400);
    expect(error.body).not.toHaveProperty('errors');
  });

  it.each([401, 403])('HTTP 200 + code %i clears the token and calls onAuthFailure with the message shown', async (code) => {
    server.use(http.get('/api/x', () => envelope(code, null, 'Session ended')));
    const { deps, client } = setup();
    const error = await rejectionOf(client.get('/x'));
    expect(error.status).toBe(code);
    expect(error.body.code).toBe(code);
    expect(localStorage.getItem('token')).toBeNull();
    // The sign-in page repeats it: the reload to /login wipes the toast.
    expect(deps.onAuthFailure).toHaveBeenCalledExactlyOnceWith('Session ended');
    expect(deps.notifyError).toHaveBeenCalledExactlyOnceWith('Session ended');
  });

  describe('a call whose 403 may refuse an input (forbiddenNamesInput: an invitation code issued to another account)', () => {
    const redeem = (client: ReturnType<typeof setup>['client']) =>
      client.request('POST', ApiPath.auth.join, { body: { invitationCode: 'X' }, forbiddenNamesInput: true });

    it('a 403 naming a field puts the message on that input, toasts, and keeps the session', async () => {
      server.use(http.post(`/api${ApiPath.auth.join}`, () => envelope(403, { invitationCode: 'Issued for another account' }, 'Not yours')));
      const { deps, client } = setup();
      const error = await rejectionOf(redeem(client));
      expect(error.status).toBe(403);
      expect(error.body.errors).toEqual({ invitationCode: 'Issued for another account' });
      expect(deps.notifyError).toHaveBeenCalledExactlyOnceWith('Not yours');
      expect(localStorage.getItem('token')).toBe('tok-123');
      expect(deps.onAuthFailure).not.toHaveBeenCalled();
    });

    it.each([
      ['a 403 naming no field', () => envelope(403, null, 'Not a member')],
      ['a 401', () => envelope(401, { invitationCode: 'x' }, 'Session ended')],
      ['an HTTP 403', () => HttpResponse.json({ code: 403, msg: 'no', data: { invitationCode: 'x' } }, { status: 403 })],
    ])('%s still ends the session', async (_, answer) => {
      server.use(http.post(`/api${ApiPath.auth.join}`, answer));
      const { deps, client } = setup();
      await rejectionOf(redeem(client));
      expect(localStorage.getItem('token')).toBeNull();
      expect(deps.onAuthFailure).toHaveBeenCalledOnce();
    });

    it('without the option, the same 403 ends the session', async () => {
      server.use(http.post(`/api${ApiPath.auth.join}`, () => envelope(403, { invitationCode: 'Issued for another account' }, 'Not yours')));
      const { deps, client } = setup();
      const error = await rejectionOf(client.post(ApiPath.auth.join, { invitationCode: 'X' }));
      expect(error.body).not.toHaveProperty('errors');
      expect(localStorage.getItem('token')).toBeNull();
      expect(deps.onAuthFailure).toHaveBeenCalledOnce();
    });
  });

  it('HTTP 200 + code 401 without msg toasts login-expired', async () => {
    server.use(http.get('/api/x', () => envelope(401)));
    const { deps, client } = setup();
    await rejectionOf(client.get('/x'));
    expect(deps.notifyError).toHaveBeenCalledExactlyOnceWith(messages['errors.login-expired']);
  });

  it('toast text is "msg (description)" when a description is present', async () => {
    server.use(http.post(`/api${ApiPath.sign.confirm}`, () => envelope(409, null, 'Cannot execute', 'nonce 3 must be executed first')));
    const { deps, client } = setup();
    const error = await rejectionOf(client.post(ApiPath.sign.confirm, { proposalId: 'p4' }));
    expect(deps.notifyError).toHaveBeenCalledExactlyOnceWith('Cannot execute (nonce 3 must be executed first)');
    expect(error.message).toBe('Cannot execute (nonce 3 must be executed first)');
    expect(error.status).toBe(409);
    expect(error.body).toMatchObject({ code: 409, description: 'nonce 3 must be executed first' });
  });

  it('HTTP 200 that is not an envelope (an HTML fallback page) rejects with request-failed', async () => {
    server.use(http.get('/api/x', () => HttpResponse.html('<!doctype html><title>console</title>')));
    const { deps, client } = setup();
    const error = await rejectionOf(client.get('/x'));
    expect(error.message).toBe(messages['errors.request-failed']);
    expect(deps.notifyError).toHaveBeenCalledOnce();
  });

  it('a file download (text/csv attachment) passes directly as a Blob with its filename', async () => {
    server.use(
      http.get(
        `/api${ApiPath.report.payment.export}`,
        () =>
          new HttpResponse('orderNo,amount\nA1,1.50\n', {
            headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="payments.csv"' },
          }),
      ),
    );
    const { deps, client } = setup();
    const file = await client.download(ApiPath.report.payment.export, { status: 'paid' });
    expect(file.filename).toBe('payments.csv');
    expect(await file.blob.text()).toBe('orderNo,amount\nA1,1.50\n');
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('a JSON attachment also passes as a file, with an RFC 5987 filename', async () => {
    server.use(
      http.get('/api/x', () =>
        HttpResponse.json([{ a: 1 }], { headers: { 'Content-Disposition': "attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.json" } }),
      ),
    );
    const { client } = setup();
    const file = await client.download('/x');
    expect(file.filename).toBe('résumé.json');
    expect(JSON.parse(await file.blob.text())).toEqual([{ a: 1 }]);
  });

  it('a download answered with an error envelope rejects and toasts its msg', async () => {
    server.use(http.get('/api/x', () => envelope(403, null, 'Not yours')));
    const { deps, client } = setup();
    const error = await rejectionOf(client.download('/x'));
    expect(error.status).toBe(403);
    expect(deps.notifyError).toHaveBeenCalledExactlyOnceWith('Not yours');
    expect(deps.onAuthFailure).toHaveBeenCalledOnce();
  });
});

describe('request shape', () => {
  it('sends Bearer token, Accept-Language, X-Org-Id, JSON body and credentials: include to /api', async () => {
    let seen: Request | undefined;
    let sentBody: unknown;
    server.use(
      http.post(`/api${ApiPath.chain.save}`, async ({ request }) => {
        seen = request;
        sentBody = await request.json();
        return envelope(200, { id: 1 });
      }),
    );
    const { client } = setup({ getOrgId: () => 'org-7' });
    await client.post(ApiPath.chain.save, { name: 'Ethereum' });
    expect(seen?.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(seen?.headers.get('Accept-Language')).toBe('zh-CN');
    expect(seen?.headers.get('X-Org-Id')).toBe('org-7');
    expect(seen?.headers.get('Content-Type')).toBe('application/json');
    expect(seen?.credentials).toBe('include');
    expect(sentBody).toEqual({ name: 'Ethereum' });
  });

  it('omits Authorization and X-Org-Id when no token is stored and no org is selected', async () => {
    localStorage.removeItem('token');
    let seen: Request | undefined;
    server.use(
      http.get(`/api${ApiPath.brand.get}`, ({ request }) => {
        seen = request;
        return envelope(200, {});
      }),
    );
    const { client } = setup();
    await client.get(ApiPath.brand.get);
    expect(seen?.headers.has('Authorization')).toBe(false);
    expect(seen?.headers.has('X-Org-Id')).toBe(false);
    expect(seen?.headers.get('Accept-Language')).toBe('zh-CN');
  });

  it('does not add a second Bearer prefix to a token stored with one', async () => {
    localStorage.setItem('token', 'Bearer tok-9');
    let authorization: string | null = null;
    server.use(
      http.get('/api/x', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return envelope(200);
      }),
    );
    await setup().client.get('/x');
    expect(authorization).toBe('Bearer tok-9');
  });

  it('a POST without a body sends no Content-Type (Fastify refuses an empty JSON body)', async () => {
    let contentType: string | null = 'unset';
    server.use(
      http.post(`/api${ApiPath.currency.delete.replace('{id}', ':id')}`, ({ request }) => {
        contentType = request.headers.get('Content-Type');
        return envelope(200);
      }),
    );
    await setup().client.post(withId(ApiPath.currency.delete, 5));
    expect(contentType).toBeNull();
  });

  it('an external base without credentials sends no token, org or cookies (storeInSessionBody)', async () => {
    let seen: Request | undefined;
    server.use(
      http.post('https://pay.example.com/api/storeInSessionBody', ({ request }) => {
        seen = request;
        return envelope(200, 'stored');
      }),
    );
    const { client } = setup({ getOrgId: () => 'org-7' });
    const result = await client.request('POST', '/api/storeInSessionBody', {
      baseUrl: 'https://pay.example.com',
      credentials: 'omit',
      body: { k: 'v' },
    });
    expect(result).toBe('stored');
    expect(seen?.credentials).toBe('omit');
    expect(seen?.headers.has('Authorization')).toBe(false);
    expect(seen?.headers.has('X-Org-Id')).toBe(false);
  });

  it('an injected baseUrl replaces /api', async () => {
    server.use(http.get('http://api.test/v1/x', () => envelope(200, 'there')));
    const { client } = setup({ baseUrl: 'http://api.test/v1' });
    await expect(client.get('/x')).resolves.toBe('there');
  });

  it('puts the serialized query on the URL', async () => {
    let url: URL | undefined;
    server.use(
      http.get(`/api${ApiPath.currency.list}`, ({ request }) => {
        url = new URL(request.url);
        return envelope(200, { list: [], count: 0 });
      }),
    );
    await setup().client.get(ApiPath.currency.list, { chainId: 1, symbol: '', status: ['a', 'b'] });
    expect(url?.search).toBe('?chainId=1&status=a%2Cb');
  });
});

describe('query serialization', () => {
  const rows: Array<{ name: string; query: Record<string, unknown>; expected: Record<string, string> }> = [
    { name: 'skips undefined, null and empty string', query: { a: undefined, b: null, c: '', d: 'x' }, expected: { d: 'x' } },
    { name: 'keeps 0 and false', query: { page: 0, enabled: false }, expected: { page: '0', enabled: 'false' } },
    { name: 'joins arrays with commas', query: { ids: [1, 2, 3] }, expected: { ids: '1,2,3' } },
    { name: 'skips empty arrays', query: { ids: [] }, expected: {} },
    {
      name: 'serializes objects as JSON',
      query: { range: { from: '2024-01-01', to: '2024-01-31' } },
      expected: { range: '{"from":"2024-01-01","to":"2024-01-31"}' },
    },
    {
      name: 'serializes dates as ISO strings',
      query: { since: new Date(Date.UTC(2024, 0, 2)) },
      expected: { since: '2024-01-02T00:00:00.000Z' },
    },
    { name: 'encodes reserved characters', query: { q: 'a&b=c d' }, expected: { q: 'a&b=c d' } },
  ];

  it.each(rows)('$name', ({ query, expected }) => {
    expect(Object.fromEntries(new URLSearchParams(toQueryString(query)))).toEqual(expected);
  });
});

describe('cancellation (react-query passes its signal; docs/DECISIONS.md "Screens read through the dataProvider")', () => {
  it('a call whose signal aborts rejects with an AbortError, without a toast or a sign-out', async () => {
    const seen: AbortSignal[] = [];
    server.use(
      http.get('/api/slow', async ({ request }) => {
        seen.push(request.signal);
        await delay('infinite');
        return envelope(200);
      }),
    );
    const { deps, client } = setup();
    const controller = new AbortController();
    const call = client.request('GET', '/slow', { signal: controller.signal });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(deps.notifyError).not.toHaveBeenCalled();
    expect(deps.onAuthFailure).not.toHaveBeenCalled();
  });

  it('a signal already aborted sends nothing', async () => {
    const sent: string[] = [];
    server.use(
      http.get('/api/never', ({ request }) => {
        sent.push(request.url);
        return envelope(200);
      }),
    );
    const { deps, client } = setup();
    await expect(client.request('GET', '/never', { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent).toEqual([]);
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('a signal that never aborts leaves the answer as it is', async () => {
    server.use(http.get('/api/ok', () => envelope(200, { fine: true })));
    const { client } = setup();
    await expect(client.request('GET', '/ok', { signal: new AbortController().signal })).resolves.toEqual({ fine: true });
  });
});
