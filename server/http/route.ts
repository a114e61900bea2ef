import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { csvFile } from '../../src/contract/schemas/response';
import { API_BASE } from '../../src/contract/constants';
import { ACTIONS, isActionName, maskHas } from '../../src/access';
import type { ServerContext } from './serverContext';
import type { VerbAccess } from '../../src/contract/verb';
import { ApiError, forbidden } from './apiError';
import type { RouteRecord } from './routeRegistry';
import { envelopeOf } from './routeSchema';
import { BodyCode } from '../../src/contract/envelope';
import { isStepUpFresh } from './stepUp';
import { resolveCaller, type Caller } from './caller';
import { CALLER_CHANGE_CHANNEL, REFERENCE_CHANGE_CHANNEL, rememberedIn } from './changeFeedCache';
import type { Translate } from './messages';
import { withAuditContext, type AuditContext } from './auditContext';
import { withRetry } from '../db/retryable';
import { mayRunAgain, withChainMoves } from '../chain/chainMoves';
import { asReadRequest } from './readRequest';
import { admitMerchantKey, type MerchantKey } from './merchantKey';
import type { ApiKeyScope } from '../../src/contract/apiKey';
import { isDatabaseUnavailable } from '../db/unavailable';
import {
  alreadyCarriedOut,
  findKey,
  idempotencyKeyOf,
  KeyAlreadyClaimed,
  replayOf,
  requestFingerprint,
  storeAnswer,
  withWriteUnit,
  type KeyClaim,
  type WriteUnit,
} from './idempotency';

/** A write request's unit: whether it committed decides whether its answer is kept. */
const writes = new WeakMap<FastifyRequest, WriteUnit>();

/** Who may call a route (src/contract/verb.ts). */
export type RouteAccess = VerbAccess;

/** The roles a route admits, or undefined for 'public' and 'signedIn'. */
export const accessMask = (access: RouteAccess): bigint | undefined =>
  typeof access === 'bigint' ? access : isActionName(access) ? ACTIONS[access] : undefined;

export interface HandlerInput<Q, B> {
  caller: Caller;
  /** The merchant API key of a `merchantKey` route (server/http/merchantKey.ts); undefined elsewhere. */
  merchantKey: MerchantKey;
  query: Q;
  body: B;
  params: Record<string, string>;
  t: Translate;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteSpec<QS extends z.ZodType | undefined, BS extends z.ZodType | undefined> {
  method: 'GET' | 'POST';
  /** One line for the API's own description (GET /api/docs); the path stands in when absent. */
  summary?: string;
  /** Path as in src/contract/apiPaths (without the /api base); `{id}` becomes a path parameter. */
  path: string;
  access: RouteAccess;
  query?: QS;
  body?: BS;
  /**
   * The envelope's `data` on success. When set, the answer is what this schema makes of the
   * handler's return (keys it does not name are dropped: a column a query gains never leaks), and
   * the API's description (server/http/openApi.ts) shows it. Written for what goes out: its input
   * is what the handler returns (a Date), its output the JSON (an ISO string).
   */
  response?: z.ZodType;
  /** Extra Fastify route options (rate limits). */
  config?: Record<string, unknown>;
  /**
   * 'reference': a GET whose answer depends on its query alone, never on who asks (the networks,
   * the currencies): remembered per query while the reference change feed is live
   * (server/http/changeFeedCache.ts). Access is still checked on every call.
   */
  cache?: 'reference';
  /**
   * false: never re-run on a serialization failure or deadlock (server/db/retryable.ts), for a
   * handler that reads its body as a stream (an upload: a second run would find it consumed).
   */
  retry?: false;
  /**
   * A write that needs a fresh step-up from an enrolled caller (docs/DECISIONS.md "Two-factor
   * authentication and step-up"): always, or when the function says so of the parsed body.
   */
  stepUp?: true | ((body: BS extends z.ZodType ? z.output<BS> : undefined) => boolean);
  /**
   * A merchant API route (`/v1/…`, with access 'public': no console session): the caller presents
   * an API key with this scope (docs/payments.md "The merchant API"), checked before anything else.
   */
  merchantKey?: ApiKeyScope;
  /** A route enrolment itself needs: open to a member whose org requires a second factor they lack. */
  beforeEnrolment?: true;
  /** Returns the envelope's `data`; a reply already sent (downloads) returns the reply. */
  handler: (
    input: HandlerInput<QS extends z.ZodType ? z.output<QS> : undefined, BS extends z.ZodType ? z.output<BS> : undefined>,
  ) => Promise<unknown>;
}

const toFastifyPath = (path: string) => API_BASE + path.replace(/\{(\w+)\}/g, ':$1');

/** What a route's hooks read of it (Fastify's `config`, beside a rate limit's): who may call it, and its step-up. */
export interface ApiRouteConfig {
  api: RouteRecord & { stepUpWhen?: (body: never) => boolean };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every route `defineRoute` declares; read by its hooks and by the API's description (server/http/apiDocs.ts). */
    api?: ApiRouteConfig['api'];
  }
}

/** The caller a route's first hook resolved, for the hooks and the handler after it. */
const callers = new WeakMap<FastifyRequest, Caller>();
/** The merchant API key a `merchantKey` route's first hook admitted. */
const merchantKeys = new WeakMap<FastifyRequest, MerchantKey>();
/** A POST's body as it came (before its schema parsed it): the Idempotency-Key's fingerprint is of this. */
const rawBodies = new WeakMap<FastifyRequest, unknown>();

const apiConfig = (request: FastifyRequest): ApiRouteConfig['api'] => request.routeOptions.config.api!;

/**
 * Before the schemas run: who calls, and whether their role may (a refusal of a stranger comes
 * before any word on their input).
 */
const admitCaller =
  (context: ServerContext) =>
  async (request: FastifyRequest): Promise<void> => {
    const { access, merchantKey } = apiConfig(request);
    rawBodies.set(request, request.body);
    if (merchantKey) merchantKeys.set(request, await admitMerchantKey(context, request, merchantKey));
    if (access === 'public') return;
    const caller = await resolveCaller(context.db, request, context.now(), context.callers);
    await context.stampSessionUse(caller.tokenHash, context.now());
    const mask = accessMask(access);
    if (mask !== undefined && !maskHas(mask, caller.roleIndex)) throw forbidden();
    callers.set(request, caller);
  };

/** After the schemas: mandatory enrolment, then step-up, which may depend on the parsed body. */
const checkTwoFactor =
  (context: ServerContext) =>
  async (request: FastifyRequest): Promise<void> => {
    const caller = callers.get(request);
    if (caller) enforceTwoFactor(apiConfig(request), caller, request.body as never, context.now());
  };

export function defineRoute<QS extends z.ZodType | undefined = undefined, BS extends z.ZodType | undefined = undefined>(
  app: FastifyInstance,
  context: ServerContext,
  spec: RouteSpec<QS, BS>,
): void {
  const record: RouteRecord = {
    method: spec.method,
    path: API_BASE + spec.path,
    access: spec.access,
    query: spec.query,
    body: spec.body,
    response: spec.response,
    stepUp: spec.stepUp === undefined ? false : spec.stepUp === true ? true : 'conditional',
    beforeEnrolment: spec.beforeEnrolment === true,
    idempotent: spec.method === 'POST' && spec.access !== 'public' && spec.retry !== false,
    summary: spec.summary,
    ...(spec.merchantKey ? { merchantKey: spec.merchantKey } : {}),
  };
  context.routes.push(record);
  const config: ApiRouteConfig = {
    ...spec.config,
    api: { ...record, stepUpWhen: typeof spec.stepUp === 'function' ? (spec.stepUp as (body: never) => boolean) : undefined },
  };
  // A download (csvFile) answers itself: its schema describes, it never shapes.
  const shaped = spec.response !== undefined && spec.response !== csvFile;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: spec.method,
    url: toFastifyPath(spec.path),
    config,
    schema: {
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      ...(shaped ? { response: { 200: envelopeOf(spec.response!) } } : {}),
    },
    preValidation: admitCaller(context),
    preHandler: checkTwoFactor(context),
    // The answer of a write that committed is kept with its Idempotency-Key (server/http/idempotency.ts).
    preSerialization: spec.method === 'POST' ? keepAnswer(context) : undefined,
    handler: async (request, reply) => {
      const t = context.messages.translator(request.headers['accept-language']);
      const caller = callers.get(request) as Caller;
      const merchantKey = merchantKeys.get(request) as MerchantKey;
      const query = spec.query ? (request.query as unknown) : undefined;
      const body = spec.body ? (request.body as unknown) : undefined;
      // Idempotency-Key (docs/DECISIONS.md "Idempotency and honest answers"): an authenticated POST
      // sent again with its key gets its first answer; the key is claimed by the write's own commit.
      const unit: WriteUnit = { claim: null, committed: false, feeds: new Set() };
      if (spec.method === 'POST') {
        writes.set(request, unit);
        // Not a route that reads its body as a stream (an upload): its body is no part of the key's
        // fingerprint, so another file would get the first one's answer.
        const key = caller && spec.retry !== false ? idempotencyKeyOf(request) : undefined;
        if (key !== undefined) {
          const claim: KeyClaim = {
            userId: caller.userId,
            key,
            route: `POST ${request.url}`,
            fingerprint: requestFingerprint(rawBodies.get(request)),
            requestId: request.id,
            createdAt: context.now(),
          };
          unit.claim = claim;
          const stored = await findKey(context.db, caller.userId, key);
          if (stored) return replay(reply, replayOf(stored, claim));
        }
      }
      const run = () =>
        spec.handler({
          caller,
          merchantKey,
          query: query as never,
          body: body as never,
          params: (request.params ?? {}) as Record<string, string>,
          t,
          request,
          reply,
        });
      // Every write is attributed (docs/DECISIONS.md "Audit trail"); reads run without a context.
      // A unit the database aborted for crossing another (40001, 40P01) runs again whole, unless
      // an answer has started (a streamed export) or the route reads a stream.
      // Nor once it may have sent money on chain: a second run would send it again (server/chain/chainMoves.ts).
      const attempt = () =>
        withChainMoves(() =>
          withRetry(run, { attempts: spec.retry === false ? 1 : undefined, mayRetry: () => !reply.sent && mayRunAgain() }),
        );
      const write = async () => {
        try {
          return await withWriteUnit(unit, () =>
            runWrite(context, unit, () => withAuditContext(auditContextOf(request, caller ?? merchantKey, body, spec.path), attempt)),
          );
        } catch (error) {
          // Another request with this key committed first: this one wrote nothing and answers as a retry would.
          if (error instanceof KeyAlreadyClaimed && unit.claim)
            return replay(reply, replayOf(await findKey(context.db, caller.userId, unit.claim.key), unit.claim));
          // A 503 invites a retry: never after a commit. The write is said to have been carried out.
          if (unit.committed && !(error instanceof ApiError) && isDatabaseUnavailable(error)) {
            request.log.warn({ reason: String(error) }, 'database unavailable after the write committed');
            throw alreadyCarriedOut(request.id, unit.claim?.createdAt ?? context.now());
          }
          throw error;
        }
      };
      const data =
        spec.method === 'POST'
          ? await write()
          : spec.cache
            ? await rememberedIn(context.answers, `${spec.path}?${JSON.stringify(query ?? {})}`, context.now().getTime(), () =>
                asReadRequest(attempt),
              )
            : await asReadRequest(attempt);
      if (answered(reply) || data === reply) return reply;
      return { code: 200, msg: t('api.ok'), data: data ?? null };
    },
  });
}

/** The answer is on its way or gone: sent whole, or begun (a streamed file, docs/DECISIONS.md "Exports at the database's pace"). */
const answered = (reply: FastifyReply): boolean => reply.sent || reply.raw.headersSent;

/** The first answer again, as it was sent. */
function replay(reply: FastifyReply, first: { status: number; answer: string }): FastifyReply {
  return reply.status(first.status).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(first.answer);
}

/**
 * Keeps the answer of a write that committed with its key. A failure to keep it is logged, not answered: the write's own answer still goes
 * out, and a retry is told the request was carried out.
 */
function keepAnswer(context: ServerContext) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const unit = writes.get(request);
    const claim = unit?.claim;
    if (!unit || !claim || reply.getHeader('idempotent-replayed') !== undefined) return payload;
    if (unit.committed && reply.statusCode === 200) {
      // As it goes out: shaped by the route's response schema, if it has one.
      await storeAnswer(context.db, claim, reply.statusCode, String(reply.serialize(payload))).catch((error: unknown) =>
        request.log.warn({ reason: String(error) }, 'the answer could not be kept with its Idempotency-Key'),
      );
    }
    return payload;
  };
}

/**
 * Mandatory enrolment, then step-up. Both refusals use body codes other than 401/403: the
 * console keeps the session and asks for enrolment or a code instead (docs/api.md "Body codes").
 */
function enforceTwoFactor(route: ApiRouteConfig['api'], caller: Caller, body: never, now: Date): void {
  const { enrolled, required, stepUpAt } = caller.twoFactor;
  if (required && !enrolled && !route.beforeEnrolment)
    throw new ApiError(BodyCode.twoFactorEnrolmentRequired, 'api.twoFactorEnrolmentRequired');
  if (!route.stepUp || !enrolled) return;
  if (route.stepUp !== true && route.stepUpWhen && !route.stepUpWhen(body)) return;
  if (!isStepUpFresh(stepUpAt, now)) throw new ApiError(BodyCode.stepUpRequired, 'api.stepUpRequired');
}

/**
 * A write, after which this instance forgets at once what it remembered of the tables the write
 * changed (a sign-out, a role change: the sessions; a network edit: the reference lists) rather than
 * waiting for the database's change feed, which tells the other instances. A write of other tables
 * (an address, a proposal) keeps them: forgetting every session on each write made the next request
 * of every client look its session up again.
 */
async function runWrite<T>(context: ServerContext, unit: WriteUnit, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    if (unit.feeds.has(CALLER_CHANGE_CHANNEL)) context.callers.clear();
    if (unit.feeds.has(REFERENCE_CHANGE_CHANNEL)) context.answers.clear();
  }
}

/**
 * The audit context of a write request: the caller; a merchant API key (named by its prefix, for its
 * org); or for a public call the account it names (sign-in, sign-up).
 */
function auditContextOf(request: FastifyRequest, caller: Caller | MerchantKey | undefined, body: unknown, path: string): AuditContext {
  const named = (body as { account?: unknown } | undefined)?.account;
  const key = caller && 'keyId' in caller ? caller : undefined;
  const user = caller && 'userId' in caller ? caller : undefined;
  return {
    actorId: user?.userId ?? null,
    actorAccount: user?.account ?? (key ? `api key ${key.prefix}` : typeof named === 'string' ? named.slice(0, 100) : null),
    orgId: user?.org.orgId ?? key?.orgId ?? null,
    clientAddress: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 255) ?? null,
    requestId: request.id,
    route: `POST ${path}`,
  };
}
