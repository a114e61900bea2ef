import { csvFile } from '../../src/contract/schemas/response';
import { z } from 'zod';
import { BodyCode } from '../../src/contract/envelope';
import { ORG_HEADER } from '../../src/contract/constants';
import { ApiPath } from '../../src/contract/apiPaths';
import { isActionName, maskHas, masks, ROLE_NAMES, ROLES, routeGroups } from '../../src/access';
import { accessMask, type RouteAccess } from './route';
import type { RouteRecord } from './routeRegistry';
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { envelopeOf, refusal } from './routeSchema';
import { STEP_UP_MS } from './stepUp';

/** A JSON Schema (2020-12, as OpenAPI 3.1 takes it) or any part of the document: plain JSON. */
type Json = Record<string, unknown>;

export interface OpenApiDocument extends Json {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
  tags: Array<{ name: string }>;
}

export const OPENAPI_PATH = '/api/openapi.json';

/** The route's action name (src/access/policy.ts), else the name its mask has in src/access (`masks.operator`). */
function maskName(access: RouteAccess, mask: bigint): string | undefined {
  if (isActionName(access)) return `action ${access}`;
  const inMasks = Object.entries(masks).find(([, value]) => value === mask);
  if (inMasks) return `masks.${inMasks[0]}`;
  const inGroups = Object.entries(routeGroups).find(([, value]) => value === mask);
  return inGroups ? `routeGroups.${inGroups[0]}` : undefined;
}

const rolesOf = (mask: bigint) => ROLE_NAMES.filter((name) => maskHas(mask, ROLES[name]));

/** Who may call a route, in words (docs/DECISIONS.md "The API describes itself"). */
export function describeAccess(access: RouteAccess): string {
  const mask = accessMask(access);
  if (mask === undefined) {
    return access === 'public'
      ? 'Access: public — no session token needed.'
      : 'Access: signed in — any valid session token, whatever the role.';
  }
  const roles = rolesOf(mask);
  const name = maskName(access, mask);
  const who = roles.length === ROLE_NAMES.length ? `every role (${roles.join(', ')})` : `roles ${roles.join(', ') || '(none)'}`;
  return `Access: ${who} (role mask 0x${mask.toString(16)}${name ? `, ${name}` : ''}).`;
}

/** The access line a client reads: the action's name when it has one, the role mask and the roles. */
function xAccess(access: RouteAccess): Json | string {
  const mask = accessMask(access);
  if (mask === undefined) return String(access);
  return { ...(isActionName(access) ? { action: access } : {}), roleMask: `0x${mask.toString(16)}`, roles: rolesOf(mask) };
}

const STEP_UP_MINUTES = Math.round(STEP_UP_MS / 60_000);
const stepUpWords = (stepUp: RouteRecord['stepUp']) =>
  stepUp === false
    ? undefined
    : `Requires step-up${stepUp === 'conditional' ? ' for some bodies (the route decides from what the body asks)' : ''}: a caller enrolled in two-factor authentication must have given a code on this session within the last ${STEP_UP_MINUTES} minutes (POST /api${ApiPath.account.twoFactor.stepUp}); otherwise body code ${BodyCode.stepUpRequired}.`;

/** `/api/sys/currency/delete/{id}` → `currency`; `/api/health/live` → `health`. */
export const tagOf = (path: string): string => {
  const segments = path
    .replace(/^\/api\//, '')
    .replace(/^sys\//, '')
    .split('/');
  return segments[0] || 'api';
};

/** `GET /api/sys/account/session/list` → `getAccountSessionList`; `{id}` reads `ById`. */
export const operationIdOf = (method: string, path: string): string => {
  const words = path
    .replace(/^\/api\//, '')
    .replace(/^sys\//, '')
    .split(/[/-]/)
    .filter(Boolean)
    .map((word) => (/^\{\w+\}$/.test(word) ? `by${word.slice(1, -1)}` : word.replace(/[^A-Za-z0-9]/g, '')));
  return [method.toLowerCase(), ...words].map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
};

const BODY_CODE_WORDS: Record<number, string> = {
  [BodyCode.ok]: 'success: `data` is the answer',
  [BodyCode.badRequest]: 'bad input: `data` names each refused field',
  [BodyCode.unauthorized]: 'no valid session (the console signs out)',
  [BodyCode.forbidden]: "the caller's role may not (the console signs out)",
  [BodyCode.notFound]: 'no such record or route',
  [BodyCode.conflict]: 'clashes with stored data',
  [BodyCode.twoFactorEnrolmentRequired]: "the caller's org requires two-factor enrolment first",
  [BodyCode.stepUpRequired]: 'a fresh second-factor code (step-up) is needed',
  [BodyCode.idempotencyKeyReused]: 'the Idempotency-Key was used before with another route or body: nothing was run',
  [BodyCode.alreadyCarriedOut]: 'a request with this Idempotency-Key was carried out and its answer is not at hand: not run again',
  [BodyCode.tooManyRequests]: 'rate limited',
  [BodyCode.unavailable]: 'database out of reach or instance closing (HTTP 503, Retry-After)',
  413: 'body or upload too large',
  415: 'unsupported media type (JSON only, multipart where an upload is taken)',
  500: 'a fault of this server (HTTP 500)',
};

/** docs/api.md "Idempotency-Key". */
const IDEMPOTENCY_KEY: Json = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: '^[\\x20-\\x7e]+$',
  description: `Makes the call safe to send again: the same key with the same route and body gets the first answer instead of running again (header \`Idempotent-Replayed: true\`); with another body or route, body code ${BodyCode.idempotencyKeyReused}; a key whose write committed and whose answer is not at hand, body code ${BodyCode.alreadyCarriedOut}. Per user, kept 24 hours.`,
};

/** What JSON Schema cannot say goes as its wire form: an instant as ISO text, a bigint as its decimal digits. */
const wireForms = ({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: Json }) => {
  const { type } = zodSchema._zod.def;
  if (type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
  if (type === 'bigint') Object.assign(jsonSchema, { type: 'string', pattern: '^-?\\d+$' });
};

/** The provider's conversion of a route's zod schemas (registered ones, `.meta({id})`, become components). */
const zodTransform = createJsonSchemaTransform({ zodToJsonConfig: { override: wireForms } });
const zodComponents = createJsonSchemaTransformObject({ zodToJsonConfig: { override: wireForms } });

/** A session token, with or without the org to act in. */
const SIGNED_IN: Array<Record<string, string[]>> = [{ sessionToken: [], orgId: [] }, { sessionToken: [] }];

const UNDESCRIBED = z.unknown().meta({ description: 'Not described yet: this route declares no response schema.' });

const OPENAPI_OPERATION = {
  operationId: 'getOpenApiDocument',
  tags: ['docs'],
  summary: 'This document (OpenAPI 3.1); a reader of it is at /api/docs',
  description: 'Access: public — no session token needed. Not in the envelope: the document itself.',
  security: [],
  response: { 200: { description: 'The OpenAPI document.', type: 'object' } },
};

/**
 * @fastify/swagger's transform (docs/DECISIONS.md "The API describes itself"): a route
 * `defineRoute` declared is described from its zod schemas by the type provider, with what its
 * `config.api` says added (who may call it, its step-up, its Idempotency-Key); any other route
 * (the reader's own files, the console's) is left out, but for this document's own address.
 */
export const describeRoute: SwaggerTransform = (input) => {
  const { url, route } = input;
  const api = route.config?.api;
  if (!api) return url === OPENAPI_PATH ? { schema: OPENAPI_OPERATION, url } : { schema: { hide: true }, url };
  const { querystring, body } = (input.schema ?? {}) as { querystring?: z.ZodType; body?: z.ZodType };
  const csv = api.response === csvFile;
  const pathNames = [...api.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
  const { schema } = zodTransform({
    ...input,
    schema: {
      ...(querystring ? { querystring } : {}),
      ...(body ? { body } : {}),
      response: { 200: csv ? refusal : envelopeOf(api.response ?? UNDESCRIBED), 500: refusal, 503: refusal },
    },
  });
  const responses = (schema.response ?? {}) as Record<string, Json>;
  const description = [
    api.merchantKey
      ? `Access: a merchant API key with the scope \`${api.merchantKey}\` (no session token); the org is the key's.`
      : describeAccess(api.access),
    stepUpWords(api.stepUp),
    api.beforeEnrolment ? 'Open before two-factor enrolment, even where the org requires it.' : undefined,
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    url,
    schema: {
      ...schema,
      operationId: operationIdOf(api.method, api.path),
      tags: [tagOf(api.path)],
      summary: api.summary ?? `${api.method} ${api.path}`,
      description,
      // Named before the Idempotency-Key (a path parameter @fastify/swagger finds itself would come last).
      ...(pathNames.length
        ? {
            params: {
              type: 'object',
              properties: Object.fromEntries(pathNames.map((name) => [name, { type: 'string' }])),
              required: pathNames,
            },
          }
        : {}),
      ...(api.idempotent || (api.merchantKey && api.method === 'POST')
        ? { headers: { type: 'object', properties: { 'Idempotency-Key': IDEMPOTENCY_KEY } } }
        : {}),
      response: {
        200: csv
          ? {
              description: 'A CSV file; a refusal is an envelope.',
              content: { 'text/csv': { schema: { type: 'string' } }, 'application/json': { schema: responses[200] } },
            }
          : {
              description: 'The envelope: body code 200 with `data`, or a refusal with another body code.',
              content: { 'application/json': { schema: responses[200] } },
            },
        500: { description: 'A fault of this server.', content: { 'application/json': { schema: responses[500] } } },
        503: {
          description: 'The database is out of reach or the instance is closing (Retry-After).',
          content: { 'application/json': { schema: responses[503] } },
        },
      },
      security: api.merchantKey ? [{ merchantKey: [] }] : api.access === 'public' ? [] : SIGNED_IN,
      'x-access': xAccess(api.access),
      ...(api.stepUp ? { 'x-step-up': api.stepUp } : {}),
    },
  };
};

/** The whole document: the registered zod schemas as components, the body codes in words, the tags in order. */
export const describeApi: SwaggerTransformObject = (input) => {
  const document = zodComponents(input) as OpenApiDocument;
  const codes = Object.keys(BODY_CODE_WORDS).map(Number);
  document.components.schemas.BodyCode = {
    type: 'integer',
    enum: codes,
    description: `The envelope's body code. HTTP stays 200 for all but 500 and 503. ${codes.map((code) => `${code}: ${BODY_CODE_WORDS[code]}.`).join(' ')}`,
  };
  const tags = new Set(
    Object.values(document.paths).flatMap((methods) => Object.values(methods).flatMap((op) => (op.tags as string[]) ?? [])),
  );
  document.tags = [...tags].sort().map((name) => ({ name }));
  return document;
};

/** The document's fixed part (nothing of the app's configuration: it is public). */
export const openApiBase = (version: string) => ({
  openapi: '3.1.1',
  info: {
    title: 'Custody console API',
    version,
    description: [
      'Every answer is the envelope `{code, msg, data}`: a refusal of bad input is HTTP 200 with a body code other than 200 (see `BodyCode`); only a fault of the server is HTTP 500, and an unavailable database HTTP 503.',
      'Sign in with POST /api/sys/auth/login; send the token it returns in `Authorization` on every other call, and the org to act in as `X-Org-Id`.',
    ].join('\n\n'),
  },
  components: {
    securitySchemes: {
      sessionToken: {
        type: 'http' as const,
        scheme: 'bearer',
        description: 'The session token of POST /api/sys/auth/login, in `Authorization` (the `Bearer ` prefix is optional).',
      },
      merchantKey: {
        type: 'http' as const,
        scheme: 'bearer',
        description:
          "A merchant API key (`ck_…`, made on the console's API keys page) for the `/api/v1` calls only: the org is the key's (docs/payments.md).",
      },
      orgId: {
        type: 'apiKey' as const,
        in: 'header',
        name: ORG_HEADER,
        description: "Which of the caller's orgs the call acts in (its id); the first membership when absent.",
      },
    },
  },
});
