import { describe, expect, it } from 'vitest';
import { HttpError } from 'ra-core';
import { isServerError } from '../../../src/shell/errors/isServerError';

describe('isServerError: which rejections are the server’s fault', () => {
  it.each([
    ['HTTP 500 (or body code 500)', new HttpError('Server error', 500), true],
    ['HTTP 503', new HttpError('Unavailable', 503), true],
    ['HTTP 404', new HttpError('Not found', 404), false],
    ['body code 400', new HttpError('Bad input', 400), false],
    ['no response (network, time-out)', new HttpError('Network connection failed', 0), false],
    ['a plain Error', new Error('boom'), false],
    ['no error', null, false],
    ['a non-numeric status', { status: '500' }, false],
  ])('%s → %s', (_, error, expected) => {
    expect(isServerError(error)).toBe(expected);
  });
});
