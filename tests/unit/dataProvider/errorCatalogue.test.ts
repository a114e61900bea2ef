import { describe, expect, it } from 'vitest';
import { type CallFailure, endsSession, messageKeyOf, statusOf } from '../../../src/dataProvider/errorCatalogue';

describe('error catalogue', () => {
  const rows: Array<{ situation: string; failure: CallFailure; key: string; status: number; endsSession: boolean }> = [
    { situation: 'timeout', failure: { kind: 'timeout' }, key: 'errors.request-timeout', status: 0, endsSession: false },
    { situation: 'network failure', failure: { kind: 'network' }, key: 'errors.network-connect-failed', status: 0, endsSession: false },
    { situation: 'no response', failure: { kind: 'no-response' }, key: 'errors.request-failed', status: 0, endsSession: false },
    {
      situation: 'HTTP 200 without an envelope',
      failure: { kind: 'invalid-body' },
      key: 'errors.request-failed',
      status: 0,
      endsSession: false,
    },
    {
      situation: 'HTTP 500, even with a body msg',
      failure: { kind: 'http', status: 500, msg: 'db down' },
      key: 'errors.server-error',
      status: 500,
      endsSession: false,
    },
    { situation: 'HTTP 404', failure: { kind: 'http', status: 404 }, key: 'errors.not-found', status: 404, endsSession: false },
    { situation: 'HTTP 403', failure: { kind: 'http', status: 403 }, key: 'errors.no-permission', status: 403, endsSession: true },
    { situation: 'HTTP 401', failure: { kind: 'http', status: 401 }, key: 'errors.login-expired', status: 401, endsSession: true },
    {
      situation: 'other HTTP status with a body msg',
      failure: { kind: 'http', status: 429, msg: 'errors.too-many' },
      key: 'errors.too-many',
      status: 429,
      endsSession: false,
    },
    {
      situation: 'other HTTP status without a body msg',
      failure: { kind: 'http', status: 502 },
      key: 'errors.request-failed',
      status: 502,
      endsSession: false,
    },
    {
      situation: 'other HTTP status with a blank body msg',
      failure: { kind: 'http', status: 418, msg: '  ' },
      key: 'errors.request-failed',
      status: 418,
      endsSession: false,
    },
    {
      situation: 'body code 409 with msg',
      failure: { kind: 'business', code: 409, msg: 'Symbol in use' },
      key: 'Symbol in use',
      status: 409,
      endsSession: false,
    },
    {
      situation: 'body code 401 with msg',
      failure: { kind: 'business', code: 401, msg: 'auth.expired' },
      key: 'auth.expired',
      status: 401,
      endsSession: true,
    },
    {
      situation: 'body code 403 without msg',
      failure: { kind: 'business', code: 403 },
      key: 'errors.no-permission',
      status: 403,
      endsSession: true,
    },
    {
      situation: 'body code 404 without msg',
      failure: { kind: 'business', code: 404 },
      key: 'errors.not-found',
      status: 404,
      endsSession: false,
    },
    {
      situation: 'body code 400 without msg',
      failure: { kind: 'business', code: 400 },
      key: 'errors.request-failed',
      status: 400,
      endsSession: false,
    },
  ];

  it.each(rows)('$situation → $key (status $status, ends session: $endsSession)', ({ failure, key, status, endsSession: ends }) => {
    expect(messageKeyOf(failure)).toBe(key);
    expect(statusOf(failure)).toBe(status);
    expect(endsSession(failure)).toBe(ends);
  });
});
