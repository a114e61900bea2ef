import { withId } from '../contract/apiPaths';
import type { AnyVerb, VerbAnswer, VerbBodyInput, VerbQueryInput } from '../contract/verb';
import type { HttpClient, QueryParams, RequestOptions } from './httpClient';

/** A call's extras: react-query's signal, the `{id}` of the verb's path, and the client's own options. */
export type VerbCallOptions = Pick<RequestOptions, 'signal' | 'forbiddenNamesInput'> & { id?: string | number };

/** What a verb takes: its query for a GET, its body for a POST. */
export type VerbInput<V extends AnyVerb> = V['method'] extends 'GET' ? VerbQueryInput<V> : VerbBodyInput<V>;

/**
 * Calls a declared verb (src/contract/verb.ts): the path, the method and the answer's type all
 * come from the declaration the server serves, so a screen cannot call a path the server does not
 * have or read a field it does not send.
 */
export function callVerb<V extends AnyVerb>(
  http: HttpClient,
  verb: V,
  input?: VerbInput<V>,
  { id, ...options }: VerbCallOptions = {},
): Promise<VerbAnswer<V>> {
  const path = id === undefined ? verb.path : withId(verb.path, id);
  return verb.method === 'GET'
    ? http.request<VerbAnswer<V>>('GET', path, { ...options, query: input as QueryParams | undefined })
    : http.request<VerbAnswer<V>>('POST', path, { ...options, body: input });
}
