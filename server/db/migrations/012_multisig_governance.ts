import { sql, type Kysely } from 'kysely';

/**
 * Multisig integrity (no single person moves or re-governs multisig money):
 * - a proposal freezes its signer set at start (`proposal_signer`), as it froze its
 *   threshold: votes and the confirm are judged against who signed when it started;
 * - kind `governance` changes the wallet's signers and threshold (`new_signers`,
 *   `new_threshold`); when it executes, the wallet's other open proposals become
 *   `superseded` (`superseded_by`), logged as 'supersede';
 * - a proposal carries its fee (a withdraw's, debited with the amount at execution) and
 *   a refund its order, so the kind's rules can be applied again at confirm.
 * The old kinds 'contract' and 'config' stay allowed in stored rows (history); the API
 * no longer starts them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table proposal drop constraint proposal_kind_check`.execute(db);
  await sql`alter table proposal add constraint proposal_kind_check check (kind in ('transfer', 'withdraw', 'supply', 'refund', 'governance', 'contract', 'config'))`.execute(
    db,
  );
  await sql`alter table proposal drop constraint proposal_status_check`.execute(db);
  await sql`alter table proposal add constraint proposal_status_check check (status in ('pending', 'approved', 'executed', 'denied', 'expired', 'superseded'))`.execute(
    db,
  );
  await sql`alter table sign_log drop constraint sign_log_action_check`.execute(db);
  await sql`alter table sign_log add constraint sign_log_action_check check (action in ('start', 'approval', 'confirm', 'deny', 'expire', 'supersede'))`.execute(
    db,
  );

  await db.schema
    .alterTable('proposal')
    .addColumn('fee', 'numeric', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`fee >= 0`),
    )
    .addColumn('order_id', 'integer', (c) => c.references('payment_order.id'))
    .addColumn('new_threshold', 'integer')
    .addColumn('new_signers', sql`integer[]`)
    .addColumn('superseded_by', 'integer', (c) => c.references('proposal.id'))
    .execute();

  await db.schema
    .createTable('proposal_signer')
    .addColumn('proposal_id', 'integer', (c) => c.notNull().references('proposal.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('proposal_signer_pk', ['proposal_id', 'user_id'])
    .execute();
  await db.schema.createIndex('proposal_signer_user_idx').on('proposal_signer').columns(['user_id', 'proposal_id']).execute();
  // Proposals started before this migration: the wallet's signers now are the best record there is.
  await sql`insert into proposal_signer (proposal_id, user_id, position) select p.id, s.user_id, s.position from proposal p join wallet_signer s on s.wallet_id = p.wallet_id`.execute(
    db,
  );
}
