import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../http/serverContext';
import { importModuleFile, moduleFolders } from './moduleFiles';

type RegisterModule = (app: FastifyInstance, context: ServerContext) => void;

/** `chainWallet` → `registerChainWalletRoutes`: the one name a module's routes.ts is read by. */
export const registerNameOf = (folder: string) => `register${folder[0]!.toUpperCase()}${folder.slice(1)}Routes`;

/**
 * Every API module, found by scanning `server/modules/<folder>/routes.ts` (docs/DECISIONS.md "One
 * declaration per resource"): each exports `register<Folder>Routes`, which declares its routes
 * with their access masks. A module without a routes.ts (one whose resource its declaration
 * serves whole, through its service.ts) registers nothing here; `declared` registers every
 * declaration's CRUD. Adding a module edits no list; a routes.ts without its function stops the start-up.
 */
async function scanModules(): Promise<RegisterModule[]> {
  const found: RegisterModule[] = [];
  for (const folder of moduleFolders()) {
    const routes = await importModuleFile(folder, 'routes');
    if (!routes) continue;
    const exported = routes[registerNameOf(folder)];
    if (typeof exported !== 'function') throw new Error(`server/modules/${folder}/routes.ts exports no function ${registerNameOf(folder)}`);
    found.push(exported as RegisterModule);
  }
  return found;
}

export const modules: readonly RegisterModule[] = await scanModules();
