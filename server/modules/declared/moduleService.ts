import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../http/caller';
import type { ServerContext } from '../../http/serverContext';

/**
 * Who asks, and for which declaration (`resource`, its name): one module may serve several
 * declarations (the four reports of server/modules/report), each on its own paths.
 */
interface Asked {
  caller: Caller;
  resource: string;
}

/**
 * What a module's `service.ts` exports for the resource its declaration names
 * (`api: {module}`, README "A resource with its own service"): each action it has, by its
 * conventional name, registered with the declaration's access and schemas (routes.ts in
 * server/modules/declared). An action the declaration's access does not allow is not registered.
 * `detail` receives the record's key as `id`, read from `?<detailIdParam>=` when the declaration names one.
 */
export interface ModuleService {
  list?: (context: ServerContext, input: Asked & { query: never }) => Promise<unknown>;
  /**
   * The whole filtered list as a CSV file, on the declaration's `endpoints.export`, for the roles
   * that read the list; its query is the schema loader's `export` (default: `list`). It sends the
   * file itself (server/http/csvExport.ts `sendCsvExport`).
   */
  export?: (context: ServerContext, input: Asked & { query: never; request: FastifyRequest; reply: FastifyReply }) => Promise<unknown>;
  /** `query` is the declaration's detail query when its schemas give one (a record read by more than `?id=`). */
  detail?: (context: ServerContext, input: Asked & { id: number; query: never }) => Promise<unknown>;
  /** Writes also get the request, for what they log (an outflow recorded but not finished now). */
  save?: (context: ServerContext, input: Asked & { body: never; request: FastifyRequest }) => Promise<unknown>;
  update?: (context: ServerContext, input: Asked & { body: never; request: FastifyRequest }) => Promise<unknown>;
  remove?: (context: ServerContext, input: Asked & { id: number; request: FastifyRequest }) => Promise<unknown>;
  /**
   * Optional: every write needs a fresh second factor from an enrolled caller (docs/DECISIONS.md
   * "Two-factor authentication and step-up"), as a change of who may move money does; or only the
   * writes named (an invitation's issue makes a manager, its withdrawal only narrows access).
   */
  stepUp?: boolean | Partial<Record<'save' | 'update' | 'remove', true>>;
  /**
   * Optional: its declarations share one API whose readers and writers differ per declaration (the
   * five movement screens on /sys/movement/…, each of its kind): the first one's paths are
   * registered once, each action for every role some declaration gives it, and the service checks
   * each request by its own rules (a movement's kind, from its query or body); `resource` is then
   * the first declaration's name. Without it, a second declaration on one list path must have the
   * first one's readers.
   */
  sharedApi?: true;
  /** Optional: one line per action for the API's document (docs/api.md), and a list every caller reads alike. */
  crudNotes?: {
    summaries?: Partial<Record<'list' | 'export' | 'detail' | 'save' | 'update' | 'remove', string>>;
    listCache?: 'reference';
    /** `save` sets the one record of its key (a chain's contract addresses): served at save and update, for the roles of `edit`. */
    upsert?: true;
  };
}
