import { BodyCode, type BodyCodeValue } from '../../src/contract/envelope';
import type { FieldMessages } from '../../src/contract/validation';
import type { Message, MessageParams } from './messages';

/**
 * A refusal the caller caused: answered with HTTP 200 and this body code (docs/api.md).
 * `key` is a message key of the `api` translation namespace (or a plain sentence).
 */
export class ApiError extends Error {
  constructor(
    readonly code: BodyCodeValue | 413 | 415,
    readonly key: string,
    readonly options: { params?: MessageParams; description?: string; fields?: FieldMessages } = {},
  ) {
    super(key);
  }
}

export const badRequest = (fields: FieldMessages, key = 'api.validationFailed') => new ApiError(BodyCode.badRequest, key, { fields });
/** A single field's refusal found after validation (unknown reference, duplicate key…). */
export const fieldError = (
  field: string,
  key: string,
  params?: Record<string, string | number>,
  code: BodyCodeValue = BodyCode.badRequest,
) => new ApiError(code, code === BodyCode.conflict ? 'api.conflict' : 'api.validationFailed', { fields: { [field]: { key, params } } });
export const unauthorized = (key = 'api.unauthorized') => new ApiError(BodyCode.unauthorized, key);
export const forbidden = (key = 'api.forbidden') => new ApiError(BodyCode.forbidden, key);
export const notFound = (what: string) => new ApiError(BodyCode.notFound, 'api.notFound', { params: { what } });
export const conflict = (key: string, params?: Record<string, string | number>) => new ApiError(BodyCode.conflict, key, { params });

/**
 * The refusal of a change that stored data depends on: the sentence (`key`, `params.uses`
 * filled in) says what uses the record, and each locked field says so on its input.
 */
export const lockedWhileUsed = (key: string, params: MessageParams, uses: readonly Message[], fields: readonly string[]) =>
  new ApiError(BodyCode.conflict, key, {
    params: { ...params, uses },
    fields: Object.fromEntries(fields.map((field) => [field, { key: 'validation.lockedWhileUsed' }])),
  });
