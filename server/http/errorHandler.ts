import type { FastifyError, FastifyInstance } from 'fastify';
import { BodyCode } from '../../src/contract/envelope';
import type { Messages, Translate } from './messages';
import { ApiError } from './apiError';
import type { FieldMessages } from '../../src/contract/validation';

const translateFields = (fields: FieldMessages, t: Translate) =>
  Object.fromEntries(Object.entries(fields).map(([field, m]) => [field, t(m.key, m.params)]));

/** Fastify's own refusals of bad input, each mapped to a body code and a sentence. */
const fastifyRefusals: Record<string, { code: number; key: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 415, key: 'api.unsupportedMediaType' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 413, key: 'api.bodyTooLarge' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: BodyCode.badRequest, key: 'api.invalidJson' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: BodyCode.badRequest, key: 'api.invalidJson' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: BodyCode.badRequest, key: 'api.invalidJson' },
};

/** Postgres errors that mean the caller's data clashed with what is stored. */
const databaseRefusals: Record<string, { code: number; key: string }> = {
  '23505': { code: BodyCode.conflict, key: 'api.conflict' },
  '23503': { code: BodyCode.conflict, key: 'api.conflict' },
  '23514': { code: BodyCode.badRequest, key: 'api.validationFailed' },
  '22P02': { code: BodyCode.badRequest, key: 'api.validationFailed' },
  '22003': { code: BodyCode.badRequest, key: 'api.validationFailed' },
};

/**
 * Every failure leaves as the envelope of SPEC B3. Bad input is a body code with
 * HTTP 200; only a real fault is HTTP 500, and never with a stack trace.
 */
export function installErrorHandler(app: FastifyInstance, messages: Messages): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const t = messages.translator(request.headers['accept-language']);
    if (error instanceof ApiError) {
      const { params, description, fields } = error.options;
      return reply.status(200).send({
        code: error.code,
        msg: t(error.key, params),
        ...(description ? { description } : {}),
        data: fields ? translateFields(fields, t) : null,
      });
    }
    const code = typeof error.code === 'string' ? error.code : undefined;
    const refusal = code ? (fastifyRefusals[code] ?? databaseRefusals[code]) : undefined;
    if (refusal) {
      return reply.status(200).send({ code: refusal.code, msg: t(refusal.key), description: databaseDetail(error), data: null });
    }
    if (error.statusCode === 429) {
      return reply.status(200).send({ code: BodyCode.tooManyRequests, msg: t('api.tooManyRequests'), data: null });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(200).send({ code: BodyCode.badRequest, msg: error.message, data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 500, msg: t('api.serverError'), data: null });
  });
}

/** Postgres names the clashing key in `detail`; it helps the person and reveals no secret. */
const databaseDetail = (error: object) => {
  const detail = (error as { detail?: unknown }).detail;
  return typeof detail === 'string' ? detail : undefined;
};
