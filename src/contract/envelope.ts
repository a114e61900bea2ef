/** The response envelope (docs/api.md): every API answer has this shape. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  description?: string;
  data: T;
}

/** Body codes (docs/api.md "Body codes"). HTTP status stays 200 for all of these but real server faults and `unavailable`. */
export const BodyCode = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  /**
   * The caller's org makes two-factor enrolment mandatory and they have not enrolled: anything
   * but enrolment is refused. Not 401/403, which sign the console out: the console
   * leads to /account instead.
   */
  twoFactorEnrolmentRequired: 412,
  /**
   * A sensitive write needs a fresh second-factor code on this session (step-up, 5 minutes):
   * the console asks for it and sends the call again. Not 401/403 either.
   */
  stepUpRequired: 428,
  /**
   * The `Idempotency-Key` was used before with another route or body (docs/api.md "Idempotency-Key"):
   * nothing was run.
   */
  idempotencyKeyReused: 422,
  /**
   * A request with this `Idempotency-Key` was carried out (it committed), and its answer is not at
   * hand: lost, or still on its way. It is not run again; `msg` names the request (its audit events
   * carry that id). Look at the record before sending it again with a new key.
   */
  alreadyCarriedOut: 425,
  tooManyRequests: 429,
  /** The database is out of reach or the instance is closing: HTTP 503 too, with Retry-After. */
  unavailable: 503,
} as const;
export type BodyCodeValue = (typeof BodyCode)[keyof typeof BodyCode];

/** `data` of every list call. */
export interface ListResult<T> {
  list: T[];
  count: number;
  /**
   * Only where an exact count would cost seconds (a search that matches most of millions of
   * orders): whether another page follows. `count` is then only the rows up to the end of this
   * page, plus one when more follow, and the console pages without a total (react-admin's
   * partial pagination).
   */
  hasNextPage?: boolean;
}

/** Query of every list call (docs/api.md "Lists"); filters travel as extra keys. */
export interface ListQuery {
  page?: number;
  pageSize?: number;
  sort?: string;
  order?: 'asc' | 'desc';
  [filter: string]: unknown;
}
