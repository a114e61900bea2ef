import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Caller } from './caller';
import { forbidden } from './apiError';

/**
 * The caller's role in the selected org as it stands, held until the transaction ends (docs/ledger.md
 * "Writers side by side: what keeps money rules whole"). The caller was resolved before the
 * transaction began (server/http/caller.ts), so a role change could commit in between. The member's
 * row is read FOR SHARE: a role change or a removal (server/modules/member/service.ts takes the org's
 * membership rows FOR UPDATE) either committed before — and is seen here — or waits until this
 * transaction ends. A role other than the one the request was let in with refuses the request (403: the
 * console then reloads the session and shows what the member may do now).
 */
export async function holdCallerRole(trx: Transaction<Database>, caller: Caller): Promise<void> {
  const member = await trx
    .selectFrom('membership')
    .select('roleLevel')
    .where('userId', '=', caller.userId)
    .where('orgId', '=', caller.org.orgId)
    .forShare()
    .executeTakeFirst();
  if (!member) throw forbidden('api.notOrgMember');
  if (member.roleLevel !== caller.org.roleLevel) throw forbidden('api.roleChanged');
}
