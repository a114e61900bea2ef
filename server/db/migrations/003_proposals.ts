import { sql, type Kysely } from 'kysely';
import { ofOrg, timestamps, appendOnly, bigserialId, createdAt, tableWithSerialId } from './frozen';

/** Multisig proposals, signer votes and the append-only sign log (docs/proposals.md). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await tableWithSerialId(db, 'proposal')
    .addColumn('wallet_id', 'integer', (c) => c.notNull().references('chain_wallet.id'))
    .addColumn('chain_id', 'bigint', (c) => c.notNull())
    .$call(ofOrg)
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('transfer', 'withdraw', 'supply', 'refund', 'contract', 'config')`))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('amount', 'numeric', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.references('currency.id'))
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('nonce', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'executed', 'denied', 'expired')`))
    // The threshold when the proposal started: a later wallet change does not move the goalposts.
    .addColumn('threshold', 'integer', (c) => c.notNull())
    .addColumn('proposer_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('tx_hash', 'text')
    .$call(timestamps)
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('executed_at', 'timestamptz')
    .addUniqueConstraint('proposal_nonce_per_wallet', ['wallet_id', 'nonce'])
    .execute();
  await db.schema.createIndex('proposal_org_status_idx').on('proposal').columns(['org_id', 'status']).execute();

  await db.schema
    .createTable('proposal_vote')
    .addColumn('proposal_id', 'integer', (c) => c.notNull().references('proposal.id'))
    .addColumn('signer_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('vote', 'text', (c) => c.notNull().check(sql`vote in ('approve', 'deny')`))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .$call(createdAt)
    // One approval per signer per proposal, whatever races happen above.
    .addPrimaryKeyConstraint('proposal_vote_pk', ['proposal_id', 'signer_id', 'vote'])
    .execute();

  await db.schema
    .createTable('sign_log')
    .$call(bigserialId)
    .addColumn('proposal_id', 'integer', (c) => c.notNull().references('proposal.id'))
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('start', 'approval', 'confirm', 'deny', 'expire')`))
    .addColumn('actor_id', 'integer', (c) => c.references('app_user.id'))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .$call(createdAt)
    .execute();
  await db.schema.createIndex('sign_log_proposal_idx').on('sign_log').columns(['proposal_id', 'created_at']).execute();

  // Append-only, enforced by the database: no code path can rewrite history.
  await appendOnly(
    db,
    { table: 'sign_log', fn: 'sign_log_append_only', trigger: 'sign_log_no_update' },
    'sign_log is append-only',
    '42501',
  );
}
