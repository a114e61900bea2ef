import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { PROPOSAL_SUBJECT_PREFIX } from './proposalNotice';
import { PROPOSAL_NOTICE } from '../../../src/contract/schemas/notification';

/**
 * Marks open proposals past their expiry as `expired`, each with one 'expire' sign log
 * entry dated at its expiry, in one statement. Runs before every proposal read (and,
 * for one proposal, inside the action that finds it overdue).
 *
 * `skip locked`: a sweep never waits. A row another transaction holds is either being
 * acted on (that action marks it itself) or being marked by another sweep; once that
 * commits, the row no longer matches, so every proposal gets exactly one 'expire' entry.
 * Readers do not rely on the sweep for what they show: they compute the status from
 * the clock too (see `effectiveStatusSql`).
 */
export async function expireOverdue(db: Kysely<Database> | Transaction<Database>, now: Date, proposalId?: number): Promise<number> {
  const onlyOne = proposalId === undefined ? sql`` : sql`and id = ${proposalId}`;
  const result = await sql<{ id: number }>`
    with overdue as (
      select id, expires_at from proposal
      where status in ('pending', 'approved') and expires_at <= ${now} ${onlyOne}
        -- An execution on its way to the chain is booked, not expired (docs/chains.md "The intent log").
        and not exists (select 1 from chain_intent where chain_intent.proposal_id = proposal.id and chain_intent.settled_at is null)
      order by id
      for update skip locked
    ), marked as (
      update proposal set status = 'expired', updated_at = ${now}
      from overdue where proposal.id = overdue.id
      returning proposal.id, overdue.expires_at
    ), cleared as (
      -- Expired, it waits for no signer: its notices go with it (docs/webhooks.md "Notifications in the app bar").
      delete from notification where kind = ${PROPOSAL_NOTICE} and subject in (select ${PROPOSAL_SUBJECT_PREFIX} || id from marked)
    )
    insert into sign_log (proposal_id, action, actor_id, comment, created_at)
    select id, 'expire', null, '', expires_at from marked order by id
    returning proposal_id as id`.execute(db);
  return result.rows.length;
}

/** The status a reader sees, in SQL: open and past its expiry reads as expired, marked or not. */
export const effectiveStatusSql = (now: Date) =>
  sql<string>`(case when proposal.status in ('pending', 'approved') and proposal.expires_at <= ${now} then 'expired' else proposal.status end)`;

/** The lowest open, unexpired nonce of the proposal's wallet (the one to execute next), in SQL. */
export const lowestOpenNonceSql = (now: Date) =>
  sql<
    number | null
  >`(select min(o.nonce) from proposal o where o.wallet_id = proposal.wallet_id and o.status in ('pending', 'approved') and o.expires_at > ${now})`;
