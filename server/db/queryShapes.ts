import type { CompiledQuery, Compilable } from 'kysely';
import type { Db } from './database';

/**
 * Queries built and compiled once per shape, then only bound (docs/SCALING.md "The request
 * path"). Building a list's query with Kysely and compiling it costs more CPU than PostgreSQL
 * spends answering it; yet a list asks the same few shapes over and over (which filters are set,
 * the sort, the caller's kind of tenant), only with other values. A shape is built once with a
 * `slot` in place of each value: the compiled query keeps the slot among its parameters, and
 * each request puts its own values there. The SQL text never depends on a value, so a shape's
 * key must name everything that changes the text and nothing else.
 */
const SLOT = Symbol('slot');
interface Slot {
  readonly [SLOT]: string;
}

/** A placeholder for the value `name` in a query built for its shape (typed as the value it stands for). */
export function slot<T>(name: string): T;
export function slot(name: string): Slot {
  return { [SLOT]: name };
}

const isSlot = (value: unknown): value is Slot => typeof value === 'object' && value !== null && SLOT in value;

/** `text` in capitals; a slot as it is (its value is put in capitals before it is bound). */
export const upperCased = (text: string): string => (isSlot(text) ? text : text.toUpperCase());

/** The shape's query with this request's values in its slots. */
function bind<R>(compiled: CompiledQuery<R>, values: Readonly<Record<string, unknown>>): CompiledQuery<R> {
  return {
    ...compiled,
    parameters: compiled.parameters.map((parameter) => {
      if (!isSlot(parameter)) return parameter;
      const name = parameter[SLOT];
      if (!(name in values)) throw new Error(`no value for the query slot "${name}"`);
      return values[name];
    }),
  };
}

/** Keys come from enums and flags; the bound keeps a mistake from growing memory without end. */
const MAX_SHAPES = 500;

/**
 * The compiled shapes of one family of queries, per database handle: the compiled text depends on
 * its dialect and plugins (camelCase names).
 */
export class QueryShapes {
  private readonly byDb = new WeakMap<Db, Map<string, Record<string, CompiledQuery>>>();

  /** The queries of the shape `key` (built by `build` on its first call), bound to `values`. */
  bound<Queries extends Record<string, Compilable<unknown>>>(
    db: Db,
    key: string,
    build: () => Queries,
    values: Readonly<Record<string, unknown>>,
  ): { [K in keyof Queries]: CompiledQuery<QueryRow<Queries[K]>> } {
    let shapes = this.byDb.get(db);
    if (!shapes) this.byDb.set(db, (shapes = new Map()));
    let compiled = shapes.get(key);
    if (!compiled) {
      compiled = Object.fromEntries(Object.entries(build()).map(([name, query]) => [name, query.compile()]));
      if (shapes.size < MAX_SHAPES) shapes.set(key, compiled);
    }
    return Object.fromEntries(Object.entries(compiled).map(([name, query]) => [name, bind(query, values)])) as {
      [K in keyof Queries]: CompiledQuery<QueryRow<Queries[K]>>;
    };
  }
}

type QueryRow<Q> = Q extends Compilable<infer R> ? R : never;
