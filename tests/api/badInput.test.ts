import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import type { Envelope } from '../../src/contract/envelope';
import { ApiPath, withId } from '../../src/contract/apiPaths';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** A raw call: the HTTP status is part of what these tests check. */
async function raw(
  method: 'GET' | 'POST',
  url: string,
  options: { payload?: string | Buffer; contentType?: string; token?: string | null } = {},
) {
  const headers: Record<string, string> = {};
  if (options.contentType) headers['content-type'] = options.contentType;
  const token = options.token === undefined ? await server.as('superAdmin').token() : options.token;
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await server.app.inject({ method, url, headers, payload: options.payload });
  return { status: response.statusCode, body: response.json<Envelope<Record<string, string> | null>>(), headers: response.headers };
}

/** Everything a refused write could have touched. */
async function snapshot() {
  const db = server.app.context.db;
  return {
    chains: await db.selectFrom('chain').selectAll().orderBy('id').execute(),
    currencies: await db.selectFrom('currency').selectAll().orderBy('id').execute(),
    brand: await db.selectFrom('brandConfig').selectAll().orderBy('id').execute(),
  };
}

describe('requests the API cannot understand', () => {
  it('an unknown /api route is body code 404 with HTTP 200', async () => {
    // eslint-disable-next-line no-restricted-syntax -- a path the API deliberately does not have: the 404 under test
    const res = await raw('GET', '/api/sys/nothing/here');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 404, msg: 'There is no API call GET /api/sys/nothing/here.', data: null });
  });

  // Each a request the API refuses with HTTP 200 and the envelope code (and, where named, the message) shown.
  const json = 'application/json';
  it.each<[string, 'GET' | 'POST', string, { payload?: string; contentType?: string }, { code: number; msg?: string }]>([
    ['a known path with the wrong method is a 404 too', 'GET', ApiPath.chain.save, {}, { code: 404 }],
    [
      'invalid JSON is 400',
      'POST',
      ApiPath.chain.save,
      { payload: '{"chainId": 1,', contentType: json },
      { code: 400, msg: 'The request body is not valid JSON.' },
    ],
    ['an empty body declared as JSON is 400', 'POST', ApiPath.chain.save, { payload: '', contentType: json }, { code: 400 }],
    [
      'a prototype-polluting body is refused',
      'POST',
      ApiPath.brand.update,
      { payload: '{"brandName":"x","favicon":"","logo":"","logoDarkMode":"","__proto__":{"isAdmin":true}}', contentType: json },
      { code: 400 },
    ],
    [
      'a text/plain body is 415',
      'POST',
      ApiPath.chain.save,
      { payload: 'chainId=1', contentType: 'text/plain' },
      { code: 415, msg: 'Send the request body as application/json.' },
    ],
    [
      'a form-encoded body is 415',
      'POST',
      ApiPath.chain.save,
      { payload: 'chainId=1', contentType: 'application/x-www-form-urlencoded' },
      { code: 415 },
    ],
    [
      'a body over 1 MiB is 413',
      'POST',
      ApiPath.chain.save,
      { payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }), contentType: json },
      { code: 413, msg: 'The request body is larger than 1 MiB.' },
    ],
  ])('%s', async (_name, method, path, options, envelope) => {
    const res = await raw(method, `/api${path}`, options);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(envelope);
  });

  it('a body of the wrong shape is 400', async () => {
    const array = await raw('POST', `/api${ApiPath.chain.save}`, { payload: '[1,2,3]', contentType: 'application/json' });
    expect(array.body.code).toBe(400);
    const scalar = await raw('POST', `/api${ApiPath.currency.save}`, { payload: '"USDT"', contentType: 'application/json' });
    expect(scalar.body.code).toBe(400);
    const nullBody = await raw('POST', `/api${ApiPath.chain.save}`, { payload: 'null', contentType: 'application/json' });
    expect(nullBody.body.code).toBe(400);
    expect(nullBody.body.data).toMatchObject({ chainId: 'Required.', name: 'Required.' });
  });

  it('wrong types are 400 with a message per field', async () => {
    const payload = JSON.stringify({
      chainId: '56',
      name: 7,
      family: true,
      symbol: null,
      rpcUrl: 1,
      explorerUrl: {},
      confirmations: '12',
      isDefault: 'false',
      enabled: null,
    });
    const res = await raw('POST', `/api${ApiPath.chain.save}`, { payload, contentType: 'application/json' });
    expect(res.body.code).toBe(400);
    expect(res.body.data).toMatchObject({
      chainId: 'Must be a number.',
      name: 'Must be a string.',
      confirmations: 'Must be a number.',
      isDefault: 'Must be a boolean.',
      symbol: 'Required.',
    });
    expect(Object.keys(res.body.data!).sort()).toEqual([
      'chainId',
      'confirmations',
      'enabled',
      'explorerUrl',
      'family',
      'isDefault',
      'name',
      'rpcUrl',
      'symbol',
    ]);
  });

  it('numbers JSON cannot hold exactly are refused, not rounded', async () => {
    const payload =
      '{"chainId": 1e400, "name": "x", "family": "evm", "symbol": "X", "rpcUrl": "https://a.b", "explorerUrl": "https://a.b", "confirmations": 1}';
    const res = await raw('POST', `/api${ApiPath.chain.save}`, { payload, contentType: 'application/json' });
    expect(res.body.code).toBe(400);
    expect(res.body.data!.chainId).toBeTruthy();
  });

  it('repeated or malformed query parameters are 400', async () => {
    const repeated = await raw('GET', `/api${ApiPath.chain.list}?page=1&page=2`);
    expect(repeated.body.code).toBe(400);
    expect(repeated.body.data!.page).toBeTruthy();
    const paging = await raw('GET', `/api${ApiPath.currency.list}?page=0&pageSize=-1&order=up`);
    expect(paging.body.code).toBe(400);
    expect(paging.body.data).toMatchObject({
      page: 'Must be at least 1.',
      pageSize: 'Must be at least 1.',
      order: 'Must be one of: asc, desc, ASC, DESC.',
    });
  });

  it('SQL in a filter is only text', async () => {
    const res = await raw('GET', `/api${ApiPath.chain.list}?name=${encodeURIComponent("' or 1=1 --")}`);
    expect(res.body.code).toBe(200);
    expect((res.body.data as unknown as { count: number }).count).toBe(0);
  });

  it('unknown ids are 404 on every call that takes one', async () => {
    const calls: Array<[string, string, string?]> = [
      ['GET', `/api${ApiPath.chain.detail}?id=424242`],
      ['GET', `/api${ApiPath.currency.detail}?id=424242`],
      ['POST', `/api${ApiPath.chain.update}`, '{"id":424242,"name":"x"}'],
      ['POST', `/api${ApiPath.currency.update}`, '{"id":424242,"name":"x"}'],
      ['POST', `/api${withId(ApiPath.chain.delete, 424242)}`],
      ['POST', `/api${withId(ApiPath.currency.delete, 424242)}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await raw(method as 'GET' | 'POST', url, payload ? { payload, contentType: 'application/json' } : {});
      expect(res.status, url).toBe(200);
      expect(res.body.code, url).toBe(404);
    }
  });

  it('an id too large for the database is a 400, not a fault', async () => {
    const res = await raw('GET', `/api${ApiPath.chain.detail}?id=99999999999999999999`);
    expect(res.body.code).toBe(400);
    const del = await raw('POST', `/api${withId(ApiPath.currency.delete, 99999999999)}`);
    expect(del.status).toBe(200);
    expect([400, 404]).toContain(del.body.code);
  });

  it('a bearer header without a token is 401', async () => {
    const response = await server.app.inject({ method: 'GET', url: `/api${ApiPath.chain.list}`, headers: { authorization: 'Bearer ' } });
    expect(response.json<Envelope>().code).toBe(401);
  });
});

describe('never an HTTP 5xx for bad input', () => {
  const bodies = [
    '{}',
    '[]',
    'null',
    '0',
    '"x"',
    '{"id":"x"}',
    '{"id":-1}',
    '{"id":1.5}',
    '{"id":1e999}',
    '{"id":{"$gt":0}}',
    '{"chainId":[1]}',
    '{"minDeposit":{"x":1}}',
    '{"contractAddress":123}',
    '{"brandName":["a"]}',
  ];
  const posts = [
    `/api${ApiPath.chain.save}`,
    `/api${ApiPath.chain.update}`,
    `/api${ApiPath.currency.save}`,
    `/api${ApiPath.currency.update}`,
    `/api${ApiPath.brand.update}`,
    `/api${ApiPath.auth.login}`,
  ];
  const gets = [
    `/api${ApiPath.chain.list}?sort[]=x`,
    `/api${ApiPath.chain.list}?enabled=1`,
    `/api${ApiPath.chain.list}?chainId=abc`,
    `/api${ApiPath.currency.list}?ids=1,,2`,
    `/api${ApiPath.currency.list}?ids=99999999999999999999`,
    `/api${ApiPath.currency.symbolAvailable}?chainId=-1`,
    `/api${ApiPath.chain.detail}?id=`,
    `/api${ApiPath.currency.detail}?id[]=1`,
    `/api${ApiPath.currency.legalTenderList}?page=x`,
  ];

  it('across every chain, currency and brand call', async () => {
    const before = await snapshot();
    for (const url of posts) {
      for (const payload of bodies) {
        const res = await raw('POST', url, { payload, contentType: 'application/json' });
        expect(res.status, `${url} ${payload}`).toBe(200);
        expect(res.body.code, `${url} ${payload}`).not.toBe(200);
      }
    }
    for (const url of gets) {
      const res = await raw('GET', url);
      expect(res.status, url).toBe(200);
    }
    for (const id of ['abc', '-1', '0', '1.5', '%00', '1e3', '99999999999999999999']) {
      for (const resource of ['chain', 'currency'] as const) {
        const res = await raw('POST', `/api${ApiPath[resource].delete.replace('{id}', id)}`);
        expect(res.status, `${resource} ${id}`).toBe(200);
        expect(res.body.code, `${resource} ${id}`).not.toBe(200);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('a refused write changes nothing', () => {
  it('conflicts, validation failures and forbidden writes leave the data as it was', async () => {
    const before = await snapshot();
    const eth = before.chains.find((c) => c.chainId === 1)!;
    const usdt = before.currencies.find((c) => c.symbol === 'USDT' && c.chainId === 1)!;
    const agent = await server.login('agentManager');
    const refused: Array<[string, unknown, string?]> = [
      [
        ApiPath.chain.save,
        {
          chainId: 1,
          name: 'Dup',
          family: 'evm',
          symbol: 'D',
          rpcUrl: 'https://a.b',
          explorerUrl: 'https://a.b',
          confirmations: 1,
          isDefault: true,
        },
      ],
      [ApiPath.chain.update, { id: eth.id, isDefault: false, name: 'Half applied?' }],
      [ApiPath.chain.update, { id: eth.id, name: 'Half applied?', enabled: false }],
      [
        ApiPath.currency.save,
        {
          symbol: 'USDT',
          name: 'Dup',
          chainId: 1,
          contractAddress: '0x1111111111111111111111111111111111111111',
          decimals: 6,
          legalTender: 'USD',
          minDeposit: '1',
          minWithdraw: '1',
          withdrawFee: '0',
        },
      ],
      [ApiPath.currency.update, { id: usdt.id, name: 'Half applied?', withdrawFee: '0.5', decimals: 0 }],
      [ApiPath.currency.update, { id: usdt.id, name: 'Half applied?', symbol: 'USDC' }],
      [ApiPath.brand.update, { brandName: 'Hijacked', favicon: '', logo: '', logoDarkMode: '' }, agent],
      [ApiPath.chain.update, { id: eth.id, name: 'Hijacked' }, agent],
    ];
    for (const [path, body, token] of refused) {
      const res = await server.call('POST', path, { token: token ?? (await server.as('superAdmin').token()), body });
      expect(res.code, `${path} ${JSON.stringify(body)}`).not.toBe(200);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('text in any script survives a round trip unchanged', async () => {
    const name = 'Réseau 测试 ✓ "quoted" <b>';
    const res = await server.as('superAdmin').call<{ id: number; name: string }>('POST', ApiPath.chain.save, {
      body: {
        chainId: 31337,
        name,
        family: 'evm',
        symbol: 'ETH',
        rpcUrl: 'http://127.0.0.1:8545',
        explorerUrl: 'http://127.0.0.1:4000',
        confirmations: 0,
      },
    });
    expect(res.code).toBe(200);
    expect(res.data.name).toBe(name);
  });
});

describe('static files next to the API', () => {
  it('serves translations, immutable when versioned', async () => {
    const plain = await server.app.inject({ method: 'GET', url: '/locales/en-US/api.json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json<{ api: { ok: string } }>().api.ok).toBe('ok');
    expect(plain.headers['cache-control']).toBe('no-cache');
    const versioned = await server.app.inject({ method: 'GET', url: '/locales/zh-CN/api.json?v=abc123' });
    expect(versioned.statusCode).toBe(200);
    expect(versioned.headers['cache-control']).toContain('immutable');
  });

  it('does not walk out of the uploads folder', async () => {
    for (const url of ['/uploads/../package.json', '/uploads/%2e%2e/package.json', '/uploads/..%2fpackage.json']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('input the database cannot hold is refused before it gets there', () => {
  it('a NUL character in a body value, a body key or a filter is a 400 naming the field, and nothing is written', async () => {
    const before = await snapshot();
    const value = await raw('POST', `/api${ApiPath.chain.save}`, {
      contentType: 'application/json',
      payload: JSON.stringify({ name: 'Nul\u0000chain', chainId: 4242 }),
    });
    expect(value.status).toBe(200);
    expect(value.body).toMatchObject({ code: 400, data: { name: 'Must not contain a NUL character (\\u0000).' } });
    const key = await raw('POST', `/api${ApiPath.chain.save}`, {
      contentType: 'application/json',
      payload: JSON.stringify({ 'na\u0000me': 'x' }),
    });
    expect(key.body).toMatchObject({ code: 400, data: { name: 'Must not contain a NUL character (\\u0000).' } });
    for (const url of [
      `/api${ApiPath.report.payment.list}?q=PAY%00`,
      `/api${ApiPath.auditLog.list}?actor=a%00b`,
      `/api${ApiPath.sign.logList}?actor=%00`,
    ]) {
      const filter = await raw('GET', url);
      expect(filter.status, url).toBe(200);
      expect(filter.body.code, url).toBe(400);
      expect(Object.values(filter.body.data ?? {}), url).toEqual(['Must not contain a NUL character (\\u0000).']);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a date before year 1 or after 9999 is a 400 on every date filter', async () => {
    const dates = ['0000-01-01T00:00:00Z', '-000010-06-01T00:00:00Z', '+010000-01-01T00:00:00Z'];
    const paths = [
      `/api${ApiPath.report.payment.list}`,
      `/api${ApiPath.report.gas.totals}`,
      `/api${ApiPath.auditLog.list}`,
      `/api${ApiPath.assetFlow.list}`,
      `/api${ApiPath.sign.list}`,
      `/api${ApiPath.sign.logList}`,
    ];
    for (const path of paths) {
      for (const [index, date] of dates.entries()) {
        const field = index % 2 === 0 ? 'dateFrom' : 'dateTo';
        const res = await raw('GET', `${path}?${field}=${encodeURIComponent(date)}`);
        expect(res.status, `${path} ${date}`).toBe(200);
        expect(res.body, `${path} ${date}`).toMatchObject({ code: 400, data: { [field]: 'Must be a date between the years 1 and 9999.' } });
      }
    }
    // The edges themselves are fine.
    expect(
      (await raw('GET', `/api${ApiPath.report.payment.list}?dateFrom=0001-01-01T00:00:00Z&dateTo=9999-12-31T00:00:00Z`)).body.code,
    ).toBe(200);
  });

  it('a path id past the router’s length and a malformed address are 400s in the envelope', async () => {
    const long = await raw('POST', `/api${withId(ApiPath.chain.delete, '9'.repeat(150))}`);
    expect(long.status).toBe(200);
    expect(long.body).toEqual({ code: 400, msg: 'A part of this address is too long.', data: null });
    const malformed = await raw('GET', `/api${ApiPath.chain.detail}%E0%A4%A`);
    expect(malformed.status).toBe(200);
    expect(malformed.body).toEqual({ code: 400, msg: 'The address of this request is not valid.', data: null });
  });

  it('an upload whose body stops before its end is a 400, not a fault', async () => {
    const cut = await raw('POST', `/api${ApiPath.brand.upload}`, {
      contentType: 'multipart/form-data; boundary=XX',
      payload: '--XX\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    });
    expect(cut.status).toBe(200);
    expect(cut.body).toEqual({ code: 400, msg: 'The upload was cut off or is malformed. Please choose the file again.', data: null });
  });
});
