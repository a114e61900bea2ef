import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../src/dataProvider/httpClient';
import { BodyCode } from '../../../src/contract/envelope';
import { envelope, makeDeps, rejectionOf, startMockApi } from './harness';
import { ApiPath } from '../../../src/contract/apiPaths';

/**
 * Every POST carries an Idempotency-Key of its own, and keeps it when it is sent again (after a
 * step-up, after a 503 or a network failure): the server then answers a repeat with the first
 * answer (docs/api.md "Idempotency-Key").
 */
const server = startMockApi();
beforeEach(() => localStorage.setItem('token', 'tok-123'));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A write whose answers are given in turn ('503', 'network', or a body code), the last one repeated. */
function write(answers: Array<'503' | 'network' | number>) {
  let calls = 0;
  server.use(
    http.post(`/api${ApiPath.movement.save}`, () => {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      if (answer === 'network') return HttpResponse.error();
      if (answer === '503')
        return HttpResponse.json({ code: 503, msg: 'unavailable', data: null }, { status: 503, headers: { 'Retry-After': '2' } });
      return envelope(answer, answer === 200 ? { id: 7 } : null);
    }),
  );
}

/** The key of each POST sent, in order. */
function recordKeys(): Array<string | null> {
  const keys: Array<string | null> = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST') keys.push(request.headers.get(IDEMPOTENCY_HEADER));
  });
  return keys;
}

describe('Idempotency-Key', () => {
  beforeEach(() => server.events.removeAllListeners());

  it('each POST gets a fresh key (a UUID); a GET carries none', async () => {
    const seen: Array<string | null> = [];
    server.use(
      http.post(`/api${ApiPath.movement.save}`, ({ request }) => {
        seen.push(request.headers.get(IDEMPOTENCY_HEADER));
        return envelope(200, { id: 1 });
      }),
      http.get(`/api${ApiPath.movement.list}`, ({ request }) => {
        seen.push(request.headers.get(IDEMPOTENCY_HEADER));
        return envelope(200, { list: [], count: 0 });
      }),
    );
    const client = createHttpClient(makeDeps());
    await client.post(ApiPath.movement.save, { amount: '1' });
    await client.post(ApiPath.movement.save, { amount: '1' });
    await client.get(ApiPath.movement.list);
    expect(seen[0]).toMatch(UUID);
    expect(seen[1]).toMatch(UUID);
    expect(seen[0]).not.toBe(seen[1]);
    expect(seen[2]).toBeNull();
  });

  it('the fallback where randomUUID is missing (a page over plain HTTP) makes v4 UUIDs too', () => {
    const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(UUID);
    } finally {
      if (own) Object.defineProperty(crypto, 'randomUUID', own);
      else delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });

  it('a call sent again after a step-up keeps its key', async () => {
    const keys = recordKeys();
    write([BodyCode.stepUpRequired, 200]);
    const client = createHttpClient(makeDeps({ stepUp: async () => true }));
    expect(await client.post(ApiPath.movement.save, { amount: '1' })).toEqual({ id: 7 });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a 503 is sent again after a pause with the same key; the caller sees only the success', async () => {
    const keys = recordKeys();
    write(['503', 200]);
    const deps = makeDeps({ retryDelaysMs: [1, 1] });
    expect(await createHttpClient(deps).post(ApiPath.movement.save, { amount: '1' })).toEqual({ id: 7 });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('a network failure too, at most twice: the third failure is the caller’s', async () => {
    const keys = recordKeys();
    write(['network']);
    const deps = makeDeps({ retryDelaysMs: [1, 1] });
    const error = await rejectionOf(createHttpClient(deps).post(ApiPath.movement.save, { amount: '1' }));
    expect(error.status).toBe(0);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(deps.notifyError).toHaveBeenCalledOnce();
  });

  it('three 503s fail as a 503, each try with the one key', async () => {
    const keys = recordKeys();
    write(['503']);
    const error = await rejectionOf(createHttpClient(makeDeps({ retryDelaysMs: [1, 1] })).post(ApiPath.movement.save, {}));
    expect(error.status).toBe(503);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('a refusal is not retried; a call cancelled during the pause is not sent again', async () => {
    const keys = recordKeys();
    write([BodyCode.badRequest]);
    await rejectionOf(createHttpClient(makeDeps({ retryDelaysMs: [1, 1] })).post(ApiPath.movement.save, {}));
    expect(keys).toHaveLength(1);

    keys.length = 0;
    write(['503', 200]);
    const cancel = new AbortController();
    const pending = createHttpClient(makeDeps({ retryDelaysMs: [60_000] })).request('POST', ApiPath.movement.save, {
      body: {},
      signal: cancel.signal,
    });
    await vi.waitFor(() => expect(keys).toHaveLength(1));
    cancel.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(keys).toHaveLength(1);
  });

  it('a POST to another host or without credentials carries no key', async () => {
    const seen: Array<string | null> = [];
    server.use(
      http.post('https://pay.example/api/session', ({ request }) => {
        seen.push(request.headers.get(IDEMPOTENCY_HEADER));
        return envelope(200, null);
      }),
    );
    await createHttpClient(makeDeps()).request('POST', '/session', { body: {}, baseUrl: 'https://pay.example/api', credentials: 'omit' });
    expect(seen).toEqual([null]);
  });
});
