import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { HttpError } from 'ra-core';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type { HttpClientDeps } from '../../../src/dataProvider';

/** A small catalogue so tests can tell a translated key from a raw one. */
export const messages: Record<string, string> = {
  'errors.request-timeout': 'Request timed out',
  'errors.network-connect-failed': 'Network connection failed',
  'errors.server-error': 'Server error',
  'errors.not-found': 'Not found',
  'errors.no-permission': 'No permission',
  'errors.login-expired': 'Login expired',
  'errors.request-failed': 'Request failed',
  'validation.minLength': 'At least {{min}} characters',
  'validation.invalid': 'Invalid input',
};

const translate = (key: string, params?: Record<string, unknown>) =>
  (messages[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params?.[name] ?? ''));

export function makeDeps(overrides: Partial<HttpClientDeps> = {}) {
  return {
    getToken: () => localStorage.getItem('token'),
    getLanguage: () => 'zh-CN',
    getOrgId: (): string | null => null,
    translate: vi.fn(translate),
    notifyError: vi.fn<(message: string) => void>(),
    onAuthFailure: vi.fn<(message: string) => void>(),
    ...overrides,
  };
}

export const server = setupServer();

/** Registers msw for the calling test file: unknown requests fail the test. */
export function startMockApi() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

export const envelope = (code: number, data: unknown = null, msg = code === 200 ? 'success' : '', description?: string) =>
  HttpResponse.json({ code, msg, description, data });

export async function rejectionOf(promise: Promise<unknown>): Promise<HttpError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a rejection, got ${JSON.stringify(outcome.value)}`);
  if (!(outcome.error instanceof HttpError)) throw outcome.error;
  return outcome.error;
}
