import { reloadSession } from '../../authProvider/reloadSession';
import { http } from '../../http';
import { session } from '../../session';
import type { ResourceDeclaration, ServerRecord } from './types';

/**
 * What runs after a successful update (ResourceEndpoint `afterUpdate`): the declaration's own hook,
 * then, for a declaration with `ownAccountField`, a new read of the session when the written record
 * is the signed-in user's own (docs/console.md: the console never offers a write the server now refuses).
 * Console code: the session and the HTTP client stay out of the declarations the server reads.
 */
export function afterUpdateOf(declaration: ResourceDeclaration): { afterUpdate?: (record: ServerRecord) => Promise<void> } {
  const { afterUpdate, ownAccountField } = declaration;
  if (!ownAccountField) return afterUpdate ? { afterUpdate } : {};
  return {
    afterUpdate: async (record) => {
      await afterUpdate?.(record);
      if (record[ownAccountField] === session.get().account) await reloadSession(http);
    },
  };
}
