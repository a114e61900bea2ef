import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { firstMatch, outcomeOf, VELOCITY_WINDOW_HOURS, type OutflowFacts } from '../../../src/contract/policy';
import type { MovementKind } from '../../../src/contract/movement';
import type { PolicyVerdict } from '../../../src/contract/schemas/policy';
import type { StoredPolicy } from './versions';

type Reader = Kysely<Database> | Transaction<Database>;

/** One outflow to judge: its wallet as locked (or read), and what it moves where. */
export interface OutflowToJudge {
  kind: MovementKind;
  wallet: { id: number; orgId: number; chainId: number; label: string; threshold: number | null; multisig: boolean };
  currencyId: number;
  symbol: string;
  amount: string;
  /** Canonical address (as stored in the book). */
  to: string;
  /** At confirm: the proposal being judged, left out of the wallet's recent outflow. */
  proposalId?: number;
}

/** The destination is an entry of the org's book on the chain whose `activeFrom` has passed. */
export async function inAddressBook(db: Reader, orgId: number, chainId: number, address: string, at: Date): Promise<boolean> {
  const entry = await db
    .selectFrom('addressBookEntry')
    .select('id')
    .where('orgId', '=', orgId)
    .where('chainId', '=', chainId)
    .where('address', '=', address)
    .where('activeFrom', '<=', at)
    .executeTakeFirst();
  return Boolean(entry);
}

/**
 * What left the wallet in the currency over the velocity window before `at`: direct
 * movements, and proposals that may still move money or did (pending, approved, executed).
 * Read after the wallet's row lock, so two outflows of one wallet count each other.
 */
export async function recentOutflow(db: Reader, outflow: OutflowToJudge, at: Date): Promise<string> {
  const since = new Date(at.getTime() - VELOCITY_WINDOW_HOURS * 3_600_000);
  const direct = db
    .selectFrom('movement')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('total'))
    .where('walletId', '=', outflow.wallet.id)
    .where('currencyId', '=', outflow.currencyId)
    .where('proposalId', 'is', null)
    .where('createdAt', '>', since);
  const proposed = db
    .selectFrom('proposal')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('total'))
    .where('walletId', '=', outflow.wallet.id)
    .where('currencyId', '=', outflow.currencyId)
    .where('status', 'in', ['pending', 'approved', 'executed'])
    .where('createdAt', '>', since)
    .where('id', '!=', outflow.proposalId ?? 0);
  const { total } = await db.selectNoFrom(sql<string>`trim_scale((${direct}) + (${proposed}))::text`.as('total')).executeTakeFirstOrThrow();
  return total;
}

/** The verdict of a policy version on one outflow. */
export async function judgeOutflow(db: Reader, policy: StoredPolicy, outflow: OutflowToJudge, at: Date): Promise<PolicyVerdict> {
  const inBook = await inAddressBook(db, outflow.wallet.orgId, outflow.wallet.chainId, outflow.to, at);
  const recentTotal = await recentOutflow(db, outflow, at);
  const facts: OutflowFacts = {
    kind: outflow.kind,
    walletId: outflow.wallet.id,
    chainId: outflow.wallet.chainId,
    symbol: outflow.symbol,
    amount: outflow.amount,
    inBook,
    recentTotal,
  };
  const match = firstMatch(policy.rules, facts);
  const walletThreshold = outflow.wallet.multisig ? outflow.wallet.threshold : null;
  return { match, outcome: outcomeOf(match, walletThreshold), walletThreshold, inBook, recentTotal, walletLabel: outflow.wallet.label };
}
