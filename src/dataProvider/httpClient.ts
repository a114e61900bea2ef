import { HttpError } from 'ra-core';
import { API_BASE, ORG_HEADER, REQUEST_TIMEOUT_MS, StorageKey } from '../contract/constants';
import { BodyCode, type Envelope } from '../contract/envelope';
import { type CallFailure, endsSession, messageKeyOf, statusOf } from './errorCatalogue';
import { type SubmissionErrors, type Translate, toSubmissionErrors } from './fieldErrors';

/** What the client needs from the app, injected so it imports neither React nor i18n. */
export interface HttpClientDeps {
  getToken(): string | null;
  getLanguage(): string;
  getOrgId(): string | null;
  /** Translates a message key; returns the input when it is not a key (server `msg` may be a sentence). */
  translate: Translate;
  notifyError(message: string): void;
  /** Called after the stored token is cleared on a 401/403, with the message shown; the app goes to /login. */
  onAuthFailure(message: string): void;
  /**
   * A write asked for a fresh second factor (body code 428): ask the user for a code and step
   * up; true to send the call once more, false (cancelled, nobody to ask) to fail it.
   */
  stepUp?(): Promise<boolean>;
  /** The org requires a second factor the user lacks (body code 412): lead them to enrol. */
  onEnrolmentRequired?(): void;
  baseUrl?: string;
  timeoutMs?: number;
  /**
   * The pauses before sending a POST again after a 503 or a network failure, one per retry (two by
   * default, 2 s then 4 s): safe because it carries the same Idempotency-Key (docs/api.md).
   */
  retryDelaysMs?: readonly number[];
}

export type QueryParams = Record<string, unknown>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  query?: QueryParams;
  body?: unknown;
  /** Another host's API base (storeInSessionBody, docs/console.md); the path is appended to it. */
  baseUrl?: string;
  /** 'omit' also leaves out the token and org headers: they are for our own API only. */
  credentials?: RequestCredentials;
  /**
   * This call's 403 may refuse an input rather than the session (an invitation code issued to
   * another account): a 403 that names fields then goes on those inputs like a 400 and keeps
   * the user signed in. Any other 403 still ends the session (docs/console.md).
   */
  forbiddenNamesInput?: boolean;
  /**
   * The caller's cancellation (react-query's, when the screen that asked is gone): the call is
   * aborted and rejects with the signal's reason, an AbortError, with no toast.
   */
  signal?: AbortSignal;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/** A long download's progress: the bytes received so far and the body's chunk just read. */
export type DownloadProgress = (received: number, chunk: Uint8Array) => void;

export interface HttpClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, query?: QueryParams): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  /**
   * A file. With `onProgress` the body is read as it streams (a server export of a million
   * rows): the time-out then applies to each silence, not to the whole download.
   */
  download(path: string, query?: QueryParams, onProgress?: DownloadProgress): Promise<DownloadedFile>;
}

/** `body` of the HttpError a failed call rejects with; `errors` is what react-admin puts on form fields. */
export interface ErrorBody {
  code?: number;
  msg?: string;
  description?: string;
  data?: unknown;
  errors?: SubmissionErrors;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

function queryValue(value: unknown): string {
  if (Array.isArray(value))
    return value
      .filter((item) => !isBlank(item))
      .map(queryValue)
      .join(',');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Skips undefined, null and ''; arrays travel comma-joined, objects as JSON. */
export function toQueryString(query: QueryParams = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (isBlank(value)) continue;
    const text = queryValue(value);
    if (text !== '') params.append(key, text);
  }
  return params.toString();
}

const bearer = (token: string) => (/^Bearer\s/i.test(token) ? token : `Bearer ${token}`);

const isEnvelope = (body: unknown): body is Envelope =>
  typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';

const stringField = (body: unknown, field: string): string | undefined => {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// An HTML page with 200 is a proxy or SPA fallback answering for a missing API, not a file.
const isHtml = (response: Response) => /^text\/html/i.test(response.headers.get('Content-Type') ?? '');

function isFileResponse(response: Response): boolean {
  if (/attachment/i.test(response.headers.get('Content-Disposition') ?? '')) return true;
  const type = response.headers.get('Content-Type') ?? '';
  return type !== '' && !/json/i.test(type) && !isHtml(response);
}

function filenameOf(response: Response): string | null {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*\s*=\s*(?:[\w-]+'[^']*')?"?([^";]+)"?/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      return encoded[1].trim();
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : null;
}

function encodeBody(body: unknown): { payload?: BodyInit; json: boolean } {
  if (body === undefined) return { json: false };
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) return { payload: body, json: false };
  return { payload: JSON.stringify(body), json: true };
}

/** Bytes kept as plain chunks before they are folded into a Blob (the browser may keep a Blob out of the page's memory). */
const FOLD_BYTES = 8 * 2 ** 20;

/** A body read chunk by chunk, folded into a Blob every few MB; `alive` after each chunk (it re-arms the time-out). */
async function readStreaming(response: Response, onProgress: DownloadProgress, alive: () => void): Promise<Blob> {
  const type = response.headers.get('Content-Type') ?? '';
  const reader = response.body!.getReader();
  let blob = new Blob([], { type });
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    alive();
    received += value.byteLength;
    pending.push(value);
    pendingBytes += value.byteLength;
    if (pendingBytes >= FOLD_BYTES) {
      blob = new Blob([blob, ...(pending as BlobPart[])], { type });
      pending = [];
      pendingBytes = 0;
    }
    onProgress(received, value);
  }
  return new Blob([blob, ...(pending as BlobPart[])], { type });
}

/** The message of a write whose step-up the user cancelled (a key of the console's translations). */
export const STEP_UP_CANCELLED = 'twoFactor.stepUpCancelled';

function clearStoredToken() {
  if (typeof localStorage !== 'undefined') localStorage.removeItem(StorageKey.token);
}

/** The header that makes a POST safe to send again (docs/api.md "Idempotency-Key"). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const RETRY_DELAYS_MS = [2_000, 4_000];

/** A fresh key per POST: a random UUID (v4 from getRandomValues where randomUUID is missing: a page served over plain HTTP). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** How a call is being sent again: after a step-up, or after a 503 or network failure; with the key it was first sent with. */
interface Resend {
  steppedUp?: boolean;
  key?: string;
  retries?: number;
}

/** Waits `ms`, or rejects with the caller's cancellation. */
function pause(ms: number, signal: AbortSignal | undefined, cancellation: () => unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancellation());
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancellation());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const apiBase = deps.baseUrl ?? API_BASE;
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const retryDelaysMs = deps.retryDelaysMs ?? RETRY_DELAYS_MS;

  function fail(failure: CallFailure, body?: unknown, options: RequestOptions = {}): never {
    const envelope = isEnvelope(body) ? body : undefined;
    const description = stringField(body, 'description');
    const text = deps.translate(messageKeyOf(failure)) + (description ? ` (${description})` : '');
    deps.notifyError(text);
    // A conflict names its field too (chain ID or symbol already taken): it belongs on that input.
    const fieldCodes: number[] = [BodyCode.badRequest, BodyCode.conflict, ...(options.forbiddenNamesInput ? [BodyCode.forbidden] : [])];
    const errors = envelope && fieldCodes.includes(envelope.code) ? toSubmissionErrors(envelope.data, deps.translate) : undefined;
    const refusesInput = failure.kind === 'business' && failure.code === BodyCode.forbidden && errors !== undefined;
    if (endsSession(failure) && !refusesInput) {
      clearStoredToken();
      deps.onAuthFailure(text);
    }
    const errorBody: ErrorBody = { code: envelope?.code, msg: envelope?.msg, description, data: envelope?.data };
    if (errors) errorBody.errors = errors;
    throw new HttpError(text, statusOf(failure), errorBody);
  }

  async function send(
    method: HttpMethod,
    path: string,
    options: RequestOptions,
    expect: 'data' | 'file',
    onProgress?: DownloadProgress,
    resend: Resend = {},
  ): Promise<unknown> {
    const query = toQueryString(options.query);
    const url = `${options.baseUrl ?? apiBase}${path}${query ? (path.includes('?') ? '&' : '?') + query : ''}`;
    const { payload, json } = encodeBody(options.body);
    const headers = new Headers({ Accept: expect === 'file' ? '*/*' : 'application/json', 'Accept-Language': deps.getLanguage() });
    if (json) headers.set('Content-Type', 'application/json');
    const credentials = options.credentials ?? 'include';
    if (credentials !== 'omit') {
      const token = deps.getToken();
      if (token) headers.set('Authorization', bearer(token));
      const orgId = deps.getOrgId();
      if (orgId) headers.set(ORG_HEADER, orgId);
    }
    // Every POST to our API carries a key of its own, the same each time this call is sent again:
    // the server then answers a repeat with the first answer instead of doing it twice.
    const key = resend.key ?? (method === 'POST' && !options.baseUrl && credentials !== 'omit' ? newIdempotencyKey() : undefined);
    if (key) headers.set(IDEMPOTENCY_HEADER, key);

    const cancelledBy = options.signal;
    const cancellation = () => cancelledBy?.reason ?? new DOMException('The call was cancelled', 'AbortError');
    if (cancelledBy?.aborted) throw cancellation();
    const controller = new AbortController();
    let timedOut = false;
    const expire = () => {
      timedOut = true;
      controller.abort();
    };
    const cancel = () => controller.abort();
    cancelledBy?.addEventListener('abort', cancel);
    let timer = setTimeout(expire, timeoutMs);
    // A cancelled call is nobody's failure: no toast, no sign-out, the caller's own reason.
    const failOnThrow = (error: unknown): never => {
      if (cancelledBy?.aborted && !timedOut) throw cancellation();
      return fail(timedOut ? { kind: 'timeout' } : error instanceof TypeError ? { kind: 'network' } : { kind: 'no-response' });
    };

    // A 503 or a network failure: a POST with its key is sent again, a couple of times after a pause.
    // Not a time-out (the wait was long already) nor a cancellation.
    const retries = resend.retries ?? 0;
    const mayRetry = key !== undefined && retries < retryDelaysMs.length;
    const retry = async () => {
      clearTimeout(timer);
      await pause(retryDelaysMs[retries], cancelledBy, cancellation);
      return send(method, path, options, expect, onProgress, { ...resend, key, retries: retries + 1 });
    };

    try {
      // The timer stays armed while the body streams in: a stalled body is a timeout too.
      const response = await fetch(url, { method, headers, body: payload, credentials, signal: controller.signal }).catch(
        (error: unknown) => (mayRetry && error instanceof TypeError && !timedOut && !cancelledBy?.aborted ? null : failOnThrow(error)),
      );
      if (response === null) return await retry();
      if (response.status === 503 && mayRetry) return await retry();
      if (response.status === 200 && isFileResponse(response)) {
        if (onProgress && response.body) {
          const blob = await readStreaming(response, onProgress, () => {
            clearTimeout(timer);
            timer = setTimeout(expire, timeoutMs);
          }).catch(failOnThrow);
          return { blob, filename: filenameOf(response) } satisfies DownloadedFile;
        }
        const blob = await response.blob().catch(failOnThrow);
        return { blob, filename: filenameOf(response) } satisfies DownloadedFile;
      }
      const text = await response.text().catch(failOnThrow);
      const body = parseJson(text);
      if (response.status !== 200) {
        fail({ kind: 'http', status: response.status, msg: stringField(body, 'msg') ?? stringField(body, 'message') }, body);
      }
      if (isEnvelope(body) && body.code === BodyCode.stepUpRequired && deps.stepUp && !resend.steppedUp) {
        // Nothing was written: the server refuses before the handler runs, so sending again is safe (with the same key).
        clearTimeout(timer);
        if (await deps.stepUp()) return send(method, path, options, expect, onProgress, { ...resend, key, steppedUp: true });
        fail({ kind: 'business', code: body.code, msg: STEP_UP_CANCELLED }, body, options);
      }
      if (isEnvelope(body) && body.code === BodyCode.twoFactorEnrolmentRequired) deps.onEnrolmentRequired?.();
      if (isEnvelope(body) && body.code !== BodyCode.ok) fail({ kind: 'business', code: body.code, msg: body.msg }, body, options);
      if (expect === 'file' && !isHtml(response)) {
        // A file the server labelled as JSON is still the file asked for.
        const blob = new Blob([text], { type: response.headers.get('Content-Type') ?? '' });
        return { blob, filename: filenameOf(response) } satisfies DownloadedFile;
      }
      if (!isEnvelope(body)) fail({ kind: 'invalid-body' });
      return body.data;
    } finally {
      clearTimeout(timer);
      cancelledBy?.removeEventListener('abort', cancel);
    }
  }

  return {
    request: <T>(method: HttpMethod, path: string, options: RequestOptions = {}) => send(method, path, options, 'data') as Promise<T>,
    get: <T>(path: string, query?: QueryParams) => send('GET', path, { query }, 'data') as Promise<T>,
    post: <T>(path: string, body?: unknown) => send('POST', path, { body }, 'data') as Promise<T>,
    download: (path: string, query?: QueryParams, onProgress?: DownloadProgress) =>
      send('GET', path, { query }, 'file', onProgress) as Promise<DownloadedFile>,
  };
}
