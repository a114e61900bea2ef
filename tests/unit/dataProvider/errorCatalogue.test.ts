import { describe, expect, it } from 'vitest';
import { type CallFailure, endsSession, messageKeyOf, statusOf } from '../../../src/dataProvider/errorCatalogue';

describe('error catalogue', () => {
  type Row = { situation: string; failure: CallFailure; key: string; status: number; endsSession: boolean };
  /** One row of the catalogue: what went wrong, the message key the user reads, the status react-admin gets, whether the session ends. */
  const row = (situation: string, failure: CallFailure, key: string, status: number, endsSession: boolean): Row => ({
    situation,
    failure,
    key,
    status,
    endsSession,
  });
  const rows: Row[] = [
    row('timeout', { kind: 'timeout' }, 'errors.request-timeout', 0, false),
    row('network failure', { kind: 'network' }, 'errors.network-connect-failed', 0, false),
    row('no response', { kind: 'no-response' }, 'errors.request-failed', 0, false),
    row('HTTP 200 without an envelope', { kind: 'invalid-body' }, 'errors.request-failed', 0, false),
    row('HTTP 500, even with a body msg', { kind: 'http', status: 500, msg: 'db down' }, 'errors.server-error', 500, false),
    row('HTTP 404', { kind: 'http', status: 404 }, 'errors.not-found', 404, false),
    row('HTTP 403', { kind: 'http', status: 403 }, 'errors.no-permission', 403, true),
    row('HTTP 401', { kind: 'http', status: 401 }, 'errors.login-expired', 401, true),
    row('other HTTP status with a body msg', { kind: 'http', status: 429, msg: 'errors.too-many' }, 'errors.too-many', 429, false),
    row('other HTTP status without a body msg', { kind: 'http', status: 502 }, 'errors.request-failed', 502, false),
    row('other HTTP status with a blank body msg', { kind: 'http', status: 418, msg: '  ' }, 'errors.request-failed', 418, false),
    row('body code 409 with msg', { kind: 'business', code: 409, msg: 'Symbol in use' }, 'Symbol in use', 409, false),
    row('body code 401 with msg', { kind: 'business', code: 401, msg: 'auth.expired' }, 'auth.expired', 401, true),
    row('body code 403 without msg', { kind: 'business', code: 403 }, 'errors.no-permission', 403, true),
    row('body code 404 without msg', { kind: 'business', code: 404 }, 'errors.not-found', 404, false),
    row('body code 400 without msg', { kind: 'business', code: 400 }, 'errors.request-failed', 400, false),
  ];

  it.each(rows)('$situation → $key (status $status, ends session: $endsSession)', ({ failure, key, status, endsSession: ends }) => {
    expect(messageKeyOf(failure)).toBe(key);
    expect(statusOf(failure)).toBe(status);
    expect(endsSession(failure)).toBe(ends);
  });
});
