import path from 'node:path';
import type { Db } from '../../db/database';
import { holdMigrationLock } from '../../db/migrationLock';
import { hashPassword } from '../../credentials/password';
import { systemAuditContext, withAuditContext } from '../../http/auditContext';
import { loadMessages } from '../../http/messages';
import { projectRoot } from '../../config';
import { insertPolicyVersion } from '../policy/versions';
import { accountName, newPassword } from '../../../src/contract/schemas/auth';
import { TenantType } from '../../../src/access';
import { DEFAULT_CHANGE_DELAY_HOURS, DEFAULT_POLICY_RULES } from '../../../src/contract/policy';

/** Who the first operator is: the account to sign in with, its name, its password, and the operator org's name. */
export interface FirstOperator {
  account: string;
  name: string;
  password: string;
  orgName?: string;
}

export type FirstOperatorResult = { created: true; orgId: number; userId: number } | { created: false };

/** Input the command refuses before writing anything; its message says what to change (never the password). */
export class FirstOperatorRefused extends Error {}

/** superAdmin: the manager column (0) of the operator row (docs/roles-and-routes.md). */
const SUPER_ADMIN_LEVEL = 0;

/** The rules a user chooses an account name and a password by (sign-up's and the password change's), in words. */
function checked(input: FirstOperator): { account: string; name: string; orgName: string } {
  const say = loadMessages(path.join(projectRoot, 'public', 'locales')).translator(undefined);
  const problems: string[] = [];
  const account = accountName.safeParse(input.account);
  if (!account.success) problems.push(`account "${input.account}": ${say(account.error.issues[0].message)}`);
  if (!newPassword.safeParse(input.password).success) problems.push(`password: ${say('validation.password')}`);
  const name = input.name.trim();
  if (name.length === 0 || name.length > 100) problems.push('name: 1 to 100 characters');
  const orgName = (input.orgName ?? 'Operator').trim();
  if (orgName.length === 0 || orgName.length > 100) problems.push('org name: 1 to 100 characters');
  if (problems.length > 0 || !account.success) throw new FirstOperatorRefused(problems.join('; '));
  return { account: account.data, name, orgName };
}

/**
 * The platform's first operator (README "Starting with nothing seeded"): the operator org (tenant type
 * 0) and its superAdmin (role level 0), only on a database with no user at all; on any other it writes
 * nothing and answers `{created: false}`. The check and the writes run in one transaction under the
 * migration lock, as the demo seed's do, so two commands (or a command and a seeding instance) at once
 * make one operator. Audited as a system action.
 */
export async function createFirstOperator(db: Db, input: FirstOperator, now = new Date()): Promise<FirstOperatorResult> {
  const { account, name, orgName } = checked(input);
  const passwordHash = await hashPassword(input.password);
  return withAuditContext(systemAuditContext('first operator'), () =>
    db.transaction().execute(async (trx): Promise<FirstOperatorResult> => {
      await holdMigrationLock(trx);
      if (await trx.selectFrom('appUser').select('id').limit(1).executeTakeFirst()) return { created: false };
      const org = await trx
        .insertInto('org')
        .values({ name: orgName, tenantType: TenantType.operator, parentId: null, createdAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await trx
        .insertInto('appUser')
        .values({ account, userName: name, passwordHash })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('membership').values({ userId: user.id, orgId: org.id, roleLevel: SUPER_ADMIN_LEVEL, createdAt: now }).execute();
      // As every org made by an invitation: the default rules, in force at once (nothing to move yet).
      await insertPolicyVersion(trx, {
        orgId: org.id,
        rules: DEFAULT_POLICY_RULES,
        delayHours: DEFAULT_CHANGE_DELAY_HOURS,
        activeFrom: now,
        createdBy: null,
        at: now,
      });
      return { created: true, orgId: org.id, userId: user.id };
    }),
  );
}
