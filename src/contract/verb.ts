import type { z } from 'zod';
import type { ActionName } from '../access/policy';
import type { ApiKeyScope } from './apiKey';

/**
 * Who may call an endpoint: nobody signed in ('public'), any session ('signedIn'), a named action
 * of the access table (src/access/policy.ts), or a role mask (a resource's read or write).
 */
export type VerbAccess = 'public' | 'signedIn' | ActionName | bigint;

/**
 * An endpoint that is not a resource's CRUD (a verb: approve a proposal, step up, sign in), said
 * once for console and server (docs/api.md "Verbs"): its path, who may call it, what it takes and
 * what it answers. The server serves each with a handler (server/http/verbs.ts) that must exist
 * and must return what the response schema takes; the API's description and the route-matrix
 * tests read the same declaration.
 */
export interface Verb<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  /** As in src/contract/apiPaths.ts (without the /api base); `{id}` is a path parameter. */
  path: string;
  /** One line for the API's own description (GET /api/docs). */
  summary: string;
  access: VerbAccess;
  query?: Q;
  body?: B;
  /**
   * The envelope's `data`: the answer is what this schema makes of the handler's return (keys it
   * does not name are dropped). Its input is what the server's handler returns (a Date), its
   * output the JSON the console reads (an ISO string).
   */
  response: R;
  /**
   * A write that needs a fresh step-up from an enrolled caller (docs/DECISIONS.md "Two-factor
   * authentication and step-up"): always, or when the function says so of the parsed body.
   */
  stepUp?: true | ((body: B extends z.ZodType ? z.output<B> : undefined) => boolean);
  /** A verb enrolment itself needs: open to a member whose org requires a second factor they lack. */
  beforeEnrolment?: true;
  /** 'reference': a GET whose answer depends on its query alone, never on who asks (server/http/route.ts). */
  cache?: 'reference';
  /** false: never re-run on a serialization failure (a handler that reads its body as a stream). */
  retry?: false;
  /** A merchant API verb (access 'public': no console session): the API key scope it needs (docs/payments.md). */
  merchantKey?: ApiKeyScope;
}

/** Any verb, whatever its schemas. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schemas of a table of verbs differ per verb
export type AnyVerb = Verb<any, any, any>;

/** A module's verbs by name: each keeps its own schemas' types (`defineVerbs` only checks the shape). */
export const defineVerbs = <const T extends Record<string, AnyVerb>>(verbs: T): T => verbs;

/** What a verb's handler gets as its query and body, parsed. */
export type VerbQuery<V extends AnyVerb> = V['query'] extends z.ZodType ? z.output<V['query']> : undefined;
export type VerbBody<V extends AnyVerb> = V['body'] extends z.ZodType ? z.output<V['body']> : undefined;
/** What the handler returns (a Date where the JSON has a string). */
export type VerbResult<V extends AnyVerb> = z.input<V['response']>;
