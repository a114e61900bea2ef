import type { Caller } from '../../http/caller';
import type { ServerContext } from '../../http/serverContext';

/**
 * What a module's `service.ts` exports for the resource its declaration names
 * (`api: {module}`, README "A resource with its own service"): each action it has, by its
 * conventional name, registered with the declaration's access and schemas (routes.ts in
 * server/modules/declared). An action the declaration's access does not allow is not registered.
 * `detail` receives the record's key as `id`, read from `?<detailIdParam>=` when the declaration names one.
 */
export interface ModuleService {
  list?: (context: ServerContext, input: { caller: Caller; query: never }) => Promise<unknown>;
  /** `query` is the declaration's detail query when its schemas give one (a record read by more than `?id=`). */
  detail?: (context: ServerContext, input: { caller: Caller; id: number; query: never }) => Promise<unknown>;
  save?: (context: ServerContext, input: { caller: Caller; body: never }) => Promise<unknown>;
  update?: (context: ServerContext, input: { caller: Caller; body: never }) => Promise<unknown>;
  remove?: (context: ServerContext, input: { caller: Caller; id: number }) => Promise<unknown>;
  /**
   * Optional: every write needs a fresh second factor from an enrolled caller (docs/DECISIONS.md
   * "Two-factor authentication and step-up"), as a change of who may move money does.
   */
  stepUp?: boolean;
  /** Optional: one line per action for the API's document (docs/api.md), and a list every caller reads alike. */
  crudNotes?: {
    summaries?: Partial<Record<'list' | 'detail' | 'save' | 'update' | 'remove', string>>;
    listCache?: 'reference';
    /** `save` sets the one record of its key (a chain's contract addresses): served at save and update, for the roles of `edit`. */
    upsert?: true;
  };
}
