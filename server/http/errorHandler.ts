import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BodyCode } from '../../src/contract/envelope';
import type { Messages, Translate } from './messages';
import { ApiError } from './apiError';
import type { FieldMessages } from '../../src/contract/validation';
import { isDatabaseUnavailable } from '../db/unavailable';
import { withoutLongHex } from '../loggerOptions';

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
  '22021': { code: BodyCode.badRequest, key: 'api.validationFailed' },
  '22008': { code: BodyCode.badRequest, key: 'api.validationFailed' },
  '22007': { code: BodyCode.badRequest, key: 'api.validationFailed' },
};

/** Seconds a client is told to wait before trying again when the database is out of reach. */
const RETRY_AFTER_SECONDS = 2;

/**
 * The answer while the database cannot be reached or this instance is closing: HTTP 503 (a load
 * balancer retries elsewhere) with the envelope's body code 503 and a Retry-After.
 */
export const unavailableReply = (reply: FastifyReply, msg: string) =>
  reply.status(503).header('Retry-After', RETRY_AFTER_SECONDS).send({ code: BodyCode.unavailable, msg, data: null });

/**
 * Every failure leaves as the envelope (docs/api.md). Bad input is a body code with
 * HTTP 200; only a real fault is HTTP 500, and never with a stack trace.
 */
export function installErrorHandler(app: FastifyInstance, messages: Messages): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const t = messages.translator(request.headers['accept-language']);
    if (error instanceof ApiError) {
      const { params, description, fields } = error.options;
      if (error.code === BodyCode.unavailable) return unavailableReply(reply, t(error.key, params));
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
      // PostgreSQL's `detail` names the clashing key and its value (another org's name, an
      // address): it goes to the log, never to the client; a failing row's signatures not even there.
      const detail = databaseDetail(error);
      if (detail) request.log.info({ code, detail }, 'request refused by the database');
      return reply.status(200).send({ code: refusal.code, msg: t(refusal.key), data: null });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ reason: error.message }, 'database unavailable');
      return unavailableReply(reply, t('api.unavailable'));
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

/** Postgres names the clashing key in `detail`. */
const databaseDetail = (error: object) => {
  const detail = (error as { detail?: unknown }).detail;
  return typeof detail === 'string' ? withoutLongHex(detail) : undefined;
};

/** Fastify's router refusals (a malformed URL, a path parameter past its length) as envelopes. */
export const frameworkErrors =
  (messages: Messages) =>
  (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const t = messages.translator(request.headers['accept-language']);
    const key = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'api.pathTooLong' : 'api.badUrl';
    void reply.status(200).send({ code: BodyCode.badRequest, msg: t(key), data: null });
  };
