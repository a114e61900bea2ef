import type { ErrorBody } from './httpClient';

/**
 * The translated per-field messages of a refused call (`body.errors` of the HTTP client's
 * error), for the inputs to show; the client has already toasted the call's message.
 */
export function serverFieldErrors<F extends string>(error: unknown): Partial<Record<F, string>> {
  const errors = (error as { body?: ErrorBody }).body?.errors ?? {};
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [F, string] => typeof entry[1] === 'string')) as Partial<
    Record<F, string>
  >;
}
