import { sql, type Kysely } from 'kysely';

/**
 * A Safe's owners and threshold now, as the books mirror them (docs/chains.md "Governance on a Safe"):
 * what approvals are checked against, rewritten when a governance proposal executes on the Safe.
 * `safe_setup` stays the Safe's creation (its first owners fix its address, which a fresh devnet
 * deploys it at). Existing Safes take their signers' registered keys in signer order and the wallet's
 * threshold, which governance has kept true (the ledger's verify checks them against the chain); a
 * Safe whose signers lack a key keeps its setup's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table chain_wallet add column safe_owners jsonb`.execute(db);
  await sql`
    update chain_wallet w set safe_owners = coalesce(
      (select jsonb_build_object('owners', jsonb_agg(k.address order by s.position), 'threshold', w.threshold)
         from wallet_signer s join signing_key k on k.user_id = s.user_id
        where s.wallet_id = w.id
       having count(*) = (select count(*) from wallet_signer a where a.wallet_id = w.id) and count(*) > 0),
      jsonb_build_object('owners', w.safe_setup -> 'owners', 'threshold', w.safe_setup -> 'threshold'))
    where w.safe_setup is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table chain_wallet drop column safe_owners`.execute(db);
}
