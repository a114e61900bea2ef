import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { DEFAULT_CHANGE_DELAY_HOURS, type PolicyRule } from '../../../src/contract/policy';

type Reader = Kysely<Database> | Transaction<Database>;

export interface StoredPolicy {
  /** null: the org has never had a policy (no rules: everything is allowed). */
  id: number | null;
  rules: PolicyRule[];
  delayHours: number;
  activeFrom: Date | null;
  createdBy: number | null;
}

/** An org that never saved a policy: no rules, and the deployment's default delay (POLICY_DELAY_HOURS). */
const noPolicy = (delayHours: number): StoredPolicy => ({ id: null, rules: [], delayHours, activeFrom: null, createdBy: null });

const versions = (db: Reader, orgId: number) =>
  db
    .selectFrom('policyVersion')
    .select(['id', 'rules', 'delayHours', 'activeFrom', 'createdBy'])
    .where('orgId', '=', orgId)
    .orderBy('activeFrom', 'desc')
    .orderBy('id', 'desc');

/** The version in force at `at`: the newest whose `activeFrom` has passed. */
export async function policyInForce(
  db: Reader,
  orgId: number,
  at: Date,
  defaultDelayHours = DEFAULT_CHANGE_DELAY_HOURS,
): Promise<StoredPolicy> {
  return (await versions(db, orgId).where('activeFrom', '<=', at).limit(1).executeTakeFirst()) ?? noPolicy(defaultDelayHours);
}

/** The newest version still waiting for its `activeFrom`, or null. */
export async function pendingPolicy(db: Reader, orgId: number, at: Date): Promise<StoredPolicy | null> {
  return (await versions(db, orgId).where('activeFrom', '>', at).limit(1).executeTakeFirst()) ?? null;
}

/** When a change made at `at` takes effect: after the delay in force. */
export async function effectiveFrom(db: Reader, orgId: number, at: Date, defaultDelayHours: number): Promise<Date> {
  const { delayHours } = await policyInForce(db, orgId, at, defaultDelayHours);
  return new Date(at.getTime() + delayHours * 3_600_000);
}

/**
 * `effectiveFrom` as an SQL expression, for a write that stores it in the same statement (no round
 * trip of its own): `at` plus the delay of the version in force at `at`, or the default.
 */
export const effectiveFromSql = (db: Reader, orgId: number, at: Date, defaultDelayHours: number) => {
  const delayInForce = versions(db, orgId).clearSelect().select('delayHours').where('activeFrom', '<=', at).limit(1);
  return sql<Date>`${at}::timestamptz + make_interval(hours => coalesce((${delayInForce}), ${defaultDelayHours}::int))`;
};

/** Writes a version of the org's policy in force from `activeFrom`. */
export async function insertPolicyVersion(
  trx: Transaction<Database>,
  values: { orgId: number; rules: readonly PolicyRule[]; delayHours: number; activeFrom: Date; createdBy: number | null; at: Date },
) {
  return trx
    .insertInto('policyVersion')
    .values({
      orgId: values.orgId,
      // jsonb from text: both drivers (pg, PGlite) send the string and Postgres parses it.
      rules: sql<string>`${JSON.stringify(values.rules)}::jsonb`,
      delayHours: values.delayHours,
      activeFrom: values.activeFrom,
      createdBy: values.createdBy,
      createdAt: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
