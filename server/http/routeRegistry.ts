import type { ApiKeyScope } from '../../src/contract/apiKey';
import type { z } from 'zod';
import type { RouteAccess } from './route';

/**
 * One route as `defineRoute` declared it (server/http/route.ts): its `config.api`, which its hooks and
 * the API's description (server/http/openApi.ts) read. Each app also keeps the list on its ServerContext.
 */
export interface RouteRecord {
  method: 'GET' | 'POST';
  /** The whole path as a client calls it, `{id}` for a path parameter: `/api/sys/chain/delete/{id}`. */
  path: string;
  access: RouteAccess;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The schema of the envelope's `data` on success, when the route declares one. */
  response?: z.ZodType;
  /** A fresh step-up is needed always, never, or depending on the body. */
  stepUp: boolean | 'conditional';
  /** Open to a member whose org requires a second factor they have not enrolled yet. */
  beforeEnrolment: boolean;
  /** Takes an `Idempotency-Key` (an authenticated POST whose body is not a stream: server/http/idempotency.ts). */
  idempotent?: boolean;
  summary?: string;
  /** A merchant API route: the API key scope it needs (server/http/merchantKey.ts). */
  merchantKey?: ApiKeyScope;
}
