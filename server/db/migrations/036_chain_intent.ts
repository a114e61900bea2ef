import { sql, type Kysely } from 'kysely';
import { ofOrg, onChain, timestamps, tableWithSerialId } from './frozen';

/**
 * The intent log (docs/chains.md "The intent log"; docs/ledger.md "Record before sending"): every
 * chain transaction the platform sends for money leaving a wallet is a row here, committed before
 * it is handed to a node, so a crash, a restart or a second instance finds it and finishes it
 * instead of sending it again, and the books follow what the chain did.
 *
 * - `chain_intent`: one row per chain transaction of an outflow (step 1: the amount, or the Safe's
 *   execution; step 2: a withdrawal's fee). `state` goes recorded → signed (the transaction fixed:
 *   sender, nonce and the bytes to send again, committed before the node sees them) → mined,
 *   reverted or refused (nothing sent); `skipped` when an earlier step did not go. `settled_at` is
 *   set in the transaction that books the outcome; an unsettled row's `hold_amount` is kept out of
 *   what its wallet may spend (server/modules/ledger/post.ts `shortfalls`).
 * - `lease_token`, `lease_until`: who runs an unsettled row claims it for a while (the request that
 *   recorded it, from the start); a lease that ran out (a process that died) lets any instance resume it.
 * - movements learn the statuses `sending` (recorded, its chain transactions not yet booked) and
 *   `failed` (nothing left the wallet: refused before sending, or mined and reverted).
 * Not audited: the request (a Safe's execution carries its signatures) is the platform's own; the
 * books and the movement or proposal rows it settles are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await tableWithSerialId(db, 'chain_intent')
    .$call(onChain)
    .$call(ofOrg)
    .addColumn('wallet_id', 'integer', (c) => c.notNull().references('chain_wallet.id'))
    .addColumn('movement_id', 'integer', (c) => c.references('movement.id'))
    .addColumn('proposal_id', 'integer', (c) => c.references('proposal.id'))
    .addColumn('step', 'smallint', (c) => c.notNull().check(sql`step in (1, 2)`))
    .addColumn('request', 'jsonb', (c) => c.notNull())
    .addColumn('requested_by', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hold_currency_id', 'integer', (c) => c.references('currency.id'))
    .addColumn('hold_amount', 'numeric', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`hold_amount >= 0`),
    )
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('recorded')
        .check(sql`state in ('recorded', 'signed', 'mined', 'reverted', 'refused', 'skipped')`),
    )
    .addColumn('sender', 'text')
    .addColumn('nonce', 'bigint')
    .addColumn('replay', 'jsonb')
    .addColumn('from_block', 'bigint')
    .addColumn('tx_hash', 'text')
    .addColumn('outcome', 'jsonb')
    .addColumn('lease_token', 'text')
    .addColumn('lease_until', 'timestamptz')
    .$call(timestamps)
    .addColumn('settled_at', 'timestamptz')
    .addCheckConstraint('chain_intent_owner', sql`(movement_id is null) <> (proposal_id is null)`)
    .execute();
  // One unsettled run of an outflow at a time: a second confirm of the proposal cannot record another.
  await sql`create unique index chain_intent_movement_step on chain_intent (movement_id, step) where movement_id is not null and settled_at is null`.execute(
    db,
  );
  await sql`create unique index chain_intent_proposal_step on chain_intent (proposal_id, step) where proposal_id is not null and settled_at is null`.execute(
    db,
  );
  await sql`create index chain_intent_open on chain_intent (wallet_id, hold_currency_id) where settled_at is null`.execute(db);

  await sql`alter table movement drop constraint movement_status_check`.execute(db);
  await sql`alter table movement add constraint movement_status_check check (status in ('executed', 'proposed', 'sending', 'failed'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from movement where status in ('sending', 'failed')`.execute(db);
  await sql`alter table movement drop constraint movement_status_check`.execute(db);
  await sql`alter table movement add constraint movement_status_check check (status in ('executed', 'proposed'))`.execute(db);
  await db.schema.dropTable('chain_intent').execute();
}
