import { sql, type Transaction } from 'kysely';
import type { Database, StoredSafeTransaction } from '../../db/schema';
import { ApiError, badRequest, conflict, fieldError, forbidden } from '../../http/apiError';
import { orgVisibleTo } from '../../http/tenancy';
import type { Caller } from '../../http/caller';
import { BodyCode } from '../../../src/contract/envelope';
import { isMultiSigKind } from '../../../src/contract/contractKinds';
import { sameSigners } from '../../../src/contract/signerSet';
import { allMembersOf, writeSigners } from '../chainWallet/signers';
import { assertChainMoves } from './checks';
import { insertProposal, type StartedProposal } from './proposalStart';
import { PROPOSAL_SUBJECT_PREFIX } from './proposalNotice';
import { PROPOSAL_NOTICE } from '../../../src/contract/schemas/notification';
import type { SafeStates } from './safeProposal';
import { safeOwnersAfter } from './safeOwners';
import { safeOwnersValue } from '../chainWallet/safeWallet';

type Trx = Transaction<Database>;

export interface GovernanceChange {
  walletId: number;
  signers: number[];
  threshold: number;
  memo: string;
}

/**
 * Starts a governance proposal: the wallet's new signers and threshold, approved and
 * confirmed by its current signers like any other proposal. Only a current signer may
 * propose, in the wallet's own org: the operator row has no shortcut into another org's
 * wallet. The new set obeys the wallet rule (≥ 2 distinct members of the org; the
 * schema checked the shape) and must differ from the current one.
 */
export async function startGovernance(
  trx: Trx,
  caller: Caller,
  change: GovernanceChange,
  now: Date,
  ttlHours: number,
  safes: SafeStates,
): Promise<StartedProposal> {
  const wallet = await trx
    .selectFrom('chainWallet')
    .select(['id', 'chainId', 'orgId', 'kind', 'address', 'threshold'])
    .where('id', '=', change.walletId)
    .where(orgVisibleTo(caller, 'chain_wallet.org_id'))
    .forUpdate()
    .executeTakeFirst();
  if (!wallet) throw new ApiError(BodyCode.notFound, 'api.walletNotFound');
  if (!isMultiSigKind(wallet.kind) || wallet.threshold === null) throw badRequest({ walletId: { key: 'validation.notMultisig' } });
  if (wallet.orgId !== caller.org.orgId) throw fieldError('walletId', 'validation.walletOfSelectedOrg');
  const current = (await trx.selectFrom('walletSigner').select('userId').where('walletId', '=', wallet.id).execute()).map((s) => s.userId);
  if (!current.includes(caller.userId)) throw forbidden('api.governanceNotSigner');
  await assertChainMoves(trx, wallet.chainId);
  if (!(await allMembersOf(trx, wallet.orgId, change.signers))) throw fieldError('signers', 'validation.notOrgMember');
  if (change.threshold === wallet.threshold && sameSigners(change.signers, current))
    throw fieldError('signers', 'validation.signersUnchanged');
  return insertProposal(
    trx,
    caller,
    wallet.id,
    {
      kind: 'governance',
      toAddress: wallet.address,
      amount: '0',
      symbol: '',
      currencyId: null,
      fee: '0',
      memo: change.memo,
      orderId: null,
      newSigners: change.signers,
      newThreshold: change.threshold,
    },
    now,
    ttlHours,
    { threshold: null, record: null },
    safes,
  );
}

/** A governance proposal can still execute: it names signers and a threshold, and every signer is still a member of the org. */
export async function assertGovernanceApplies(
  trx: Trx,
  proposal: { id: number; orgId: number; newSigners: number[] | null; newThreshold: number | null },
): Promise<void> {
  const signers = proposal.newSigners ?? [];
  if (proposal.newThreshold === null || signers.length === 0) throw new Error(`governance proposal ${proposal.id} names no signers`);
  if (!(await allMembersOf(trx, proposal.orgId, signers))) throw conflict('api.governanceSignerLeft');
}

/**
 * Executes an approved governance proposal (the wallet row is locked by the confirm):
 * the new signers, still members of the org, and threshold replace the wallet's, and
 * every other open proposal of the wallet is superseded (logged, to be started again):
 * it was approved, or is being approved, under a signer set that no longer governs.
 */
export async function executeGovernance(
  trx: Trx,
  proposal: { id: number; walletId: number; orgId: number; newSigners: number[] | null; newThreshold: number | null },
  now: Date,
  safeTx: StoredSafeTransaction | null = null,
  /** Booking what a Safe already did on chain (server/modules/outflow/settle.ts): the books follow it, no refusal. */
  { followChain = false }: { followChain?: boolean } = {},
): Promise<void> {
  const signers = proposal.newSigners ?? [];
  if (!followChain) await assertGovernanceApplies(trx, proposal);
  // On a Safe, the books' record of its owners follows what this transaction does to them (docs/chains.md
  // "Governance on a Safe"): approvals are checked against it from now on.
  const { safeOwners } = await trx
    .selectFrom('chainWallet')
    .select('safeOwners')
    .where('id', '=', proposal.walletId)
    .executeTakeFirstOrThrow();
  const owners = safeTx && safeOwners ? safeOwnersValue(safeOwnersAfter(safeOwners, safeTx)) : undefined;
  if (proposal.newThreshold === null) throw new Error(`governance proposal ${proposal.id} names no threshold`);
  await trx
    .updateTable('chainWallet')
    .set({ threshold: proposal.newThreshold, updatedAt: now, ...(owners ? { safeOwners: owners } : {}) })
    .where('id', '=', proposal.walletId)
    .execute();
  await writeSigners(trx, proposal.walletId, signers);
  await sql`
    with superseded as (
      update proposal set status = 'superseded', superseded_by = ${proposal.id}, updated_at = ${now}
      where wallet_id = ${proposal.walletId} and id <> ${proposal.id} and status in ('pending', 'approved') and expires_at > ${now}
      returning id
    ), cleared as (
      -- Superseded, it waits for no signer: its notices go with it (docs/webhooks.md "Notifications in the app bar").
      delete from notification where kind = ${PROPOSAL_NOTICE} and subject in (select ${PROPOSAL_SUBJECT_PREFIX} || id from superseded)
    )
    insert into sign_log (proposal_id, action, actor_id, comment, created_at)
    select id, 'supersede', null, '', ${now} from superseded order by id`.execute(trx);
}
