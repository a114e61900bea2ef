import { csvFile } from '../../src/contract/schemas/response';
import { z } from 'zod';
import { BodyCode } from '../../src/contract/envelope';
import { ORG_HEADER } from '../../src/contract/constants';
import { ApiPath } from '../../src/contract/apiPaths';
import { isActionName, maskHas, masks, ROLE_NAMES, ROLES, routeGroups } from '../../src/access';
import { accessMask, type RouteAccess } from './route';
import type { RouteRecord } from './routeRegistry';
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

/** A route this module serves itself, outside `defineRoute` (the document's own address). */
export interface ExtraOperation {
  method: 'GET';
  path: string;
  operation: Json;
}

export const OPENAPI_PATH = '/api/openapi.json';

const SCHEMAS = '#/components/schemas/';
const ref = (name: string) => ({ $ref: SCHEMAS + name });

/**
 * zod 4's own conversion, never throwing: what JSON Schema cannot say (a transform's output, a
 * custom check, a bigint, a date) becomes an open schema or its wire form, and a schema that still
 * fails is described in words. `$defs` (recursive or registered schemas) move to the components,
 * where a `$ref` inside an OpenAPI document can reach them.
 */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output', components: Record<string, Json>): Json {
  let json: Json;
  try {
    json = z.toJSONSchema(schema, {
      io,
      target: 'draft-2020-12',
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => {
        const type = (zodSchema as unknown as { _zod: { def: { type: string } } })._zod.def.type;
        // The wire forms: an instant travels as ISO text, a bigint as its decimal digits.
        if (type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
        if (type === 'bigint') Object.assign(jsonSchema, { type: 'string', pattern: '^-?\\d+$' });
      },
    }) as Json;
  } catch (error) {
    return { description: `Not representable in JSON Schema (${error instanceof Error ? error.message : String(error)}).` };
  }
  delete json.$schema;
  const defs = json.$defs as Record<string, Json> | undefined;
  if (!defs) return json;
  delete json.$defs;
  const renamed = new Map<string, string>();
  for (const [name, def] of Object.entries(defs)) {
    let unique = name.replace(/[^A-Za-z0-9._-]/g, '_');
    for (let n = 2; components[unique] && JSON.stringify(components[unique]) !== JSON.stringify(def); n++) unique = `${name}_${n}`;
    renamed.set(`#/$defs/${name}`, SCHEMAS + unique);
    components[unique] = def;
  }
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        key === '$ref' && typeof value === 'string' ? (renamed.get(value) ?? value) : rewrite(value),
      ]),
    );
  };
  for (const name of new Set(renamed.values())) {
    const short = name.slice(SCHEMAS.length);
    components[short] = rewrite(components[short]) as Json;
  }
  return rewrite(json) as Json;
}

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

function sharedSchemas(): Record<string, Json> {
  const codes = Object.keys(BODY_CODE_WORDS).map(Number);
  return {
    BodyCode: {
      type: 'integer',
      enum: codes,
      description: `The envelope's body code. HTTP stays 200 for all but 500 and 503. ${codes.map((code) => `${code}: ${BODY_CODE_WORDS[code]}.`).join(' ')}`,
    },
    FieldErrors: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Field (dotted path) → the refusal, in the caller’s language.',
    },
    Refusal: {
      type: 'object',
      required: ['code', 'msg', 'data'],
      properties: {
        code: ref('BodyCode'),
        msg: { type: 'string', description: 'What went wrong, in the language of Accept-Language.' },
        description: { type: 'string' },
        data: { anyOf: [{ type: 'null' }, ref('FieldErrors')] },
      },
    },
  };
}

/** The success envelope around a route's `data`. */
const successEnvelope = (data: Json): Json => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: { code: { const: BodyCode.ok }, msg: { type: 'string' }, data },
});

/** docs/api.md "Idempotency-Key". */
const IDEMPOTENCY_KEY_PARAMETER: Json = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: `Makes the call safe to send again: the same key with the same route and body gets the first answer instead of running again (header \`Idempotent-Replayed: true\`); with another body or route, body code ${BodyCode.idempotencyKeyReused}; a key whose write committed and whose answer is not at hand, body code ${BodyCode.alreadyCarriedOut}. Per user, kept 24 hours.`,
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
};

const UNDESCRIBED: Json = { description: 'Not described yet: this route declares no response schema.' };

function queryParameters(query: z.ZodType, components: Record<string, Json>): Json[] {
  const json = jsonSchemaOf(query, 'input', components);
  const properties = json.properties as Record<string, Json> | undefined;
  if (!properties) return [{ name: 'query', in: 'query', style: 'form', explode: true, schema: json }];
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  }));
}

function operationOf(route: RouteRecord, components: Record<string, Json>): Json {
  const pathParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const parameters = [
    ...pathParameters,
    ...(route.query ? queryParameters(route.query, components) : []),
    ...(route.idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : []),
  ];
  const data = route.response ? jsonSchemaOf(route.response, 'output', components) : UNDESCRIBED;
  const description = [
    describeAccess(route.access),
    stepUpWords(route.stepUp),
    route.beforeEnrolment ? 'Open before two-factor enrolment, even where the org requires it.' : undefined,
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    operationId: operationIdOf(route.method, route.path),
    tags: [tagOf(route.path)],
    summary: route.summary ?? `${route.method} ${route.path}`,
    description,
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input', components) } } } }
      : {}),
    responses: {
      200:
        route.response === csvFile
          ? {
              description: 'A CSV file; a refusal is an envelope.',
              content: { 'text/csv': { schema: { type: 'string' } }, 'application/json': { schema: ref('Refusal') } },
            }
          : {
              description: 'The envelope: body code 200 with `data`, or a refusal with another body code.',
              content: { 'application/json': { schema: { anyOf: [successEnvelope(data), ref('Refusal')] } } },
            },
      500: { description: 'A fault of this server.', content: { 'application/json': { schema: ref('Refusal') } } },
      503: {
        description: 'The database is out of reach or the instance is closing (Retry-After).',
        content: { 'application/json': { schema: ref('Refusal') } },
      },
    },
    security: route.access === 'public' ? [] : [{ sessionToken: [], orgId: [] }, { sessionToken: [] }],
    'x-access': xAccess(route.access),
    ...(route.stepUp ? { 'x-step-up': route.stepUp } : {}),
  };
}

/**
 * The OpenAPI 3.1 document of every route `defineRoute` declared on one app, from their zod
 * schemas (docs/DECISIONS.md "The API describes itself"). Nothing of the app's configuration
 * goes in: it is public.
 */
export function buildOpenApiDocument(
  routes: readonly RouteRecord[],
  options: { version: string; extra?: ExtraOperation[] },
): OpenApiDocument {
  const schemas = sharedSchemas();
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const route of routes) {
    const operation = operationOf(route, schemas);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
    tags.add(tagOf(route.path));
  }
  for (const { method, path, operation } of options.extra ?? []) {
    (paths[path] ??= {})[method.toLowerCase()] = operation;
    for (const tag of (operation.tags as string[] | undefined) ?? []) tags.add(tag);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Custody console API',
      version: options.version,
      description: [
        'Every answer is the envelope `{code, msg, data}`: a refusal of bad input is HTTP 200 with a body code other than 200 (see `BodyCode`); only a fault of the server is HTTP 500, and an unavailable database HTTP 503.',
        'Sign in with POST /api/sys/auth/login; send the token it returns in `Authorization` on every other call, and the org to act in as `X-Org-Id`.',
      ].join('\n\n'),
    },
    paths,
    components: {
      schemas,
      securitySchemes: {
        sessionToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The session token of POST /api/sys/auth/login, in `Authorization` (the `Bearer ` prefix is optional).',
        },
        orgId: {
          type: 'apiKey',
          in: 'header',
          name: ORG_HEADER,
          description: "Which of the caller's orgs the call acts in (its id); the first membership when absent.",
        },
      },
    },
    tags: [...tags].sort().map((name) => ({ name })),
  };
}
