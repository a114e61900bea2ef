import { sql, type Transaction } from 'kysely';
import { getAddress, parseUnits, recoverTypedDataAddress, type Address, type Hex } from 'viem';
import type { Database, SafeSetup, StoredSafeTransaction } from '../../db/schema';
import type { ChainAdapter, SafeState } from '../../chain/adapter';
import type { Db } from '../../db/database';
import { MAX_LOWER_SIGNATURES } from '../../../src/contract/schemas/sign';
import { devnetChainId, type ChainRegistry } from '../../chain/registry';
import type { SafeTransaction } from '../../chain/evm/safe';
import { safeTransaction, safeTransactionHash, safeTypedData } from '../../chain/evm/safe';
import { governanceTransaction } from '../../chain/evm/safeBatch';
import { transferTransaction, type Payment } from '../../chain/evm/safeTransfer';
import { conflict, fieldError } from '../../http/apiError';
import { feeWalletOf } from '../ledger/networkFee';
import { OPEN_STATUSES } from '../../../src/contract/proposalMachine';
import type { ProposalPlan } from './proposalStart';
import { isRecordedOwner } from './safeOwners';

type Trx = Transaction<Database>;
type Reader = Db | Trx;

/**
 * A proposal on a Safe (docs/chains.md "Proposals on Safes") carries the Safe transaction its signers
 * sign: what moves (the payment and its fee, or the governance change) and the Safe's nonce it will
 * take. Null for a wallet that is no Safe (another kind, a simulated chain).
 */
export async function safeTransactionFor(
  trx: Trx,
  states: SafeStates,
  wallet: SafeWallet,
  plan: ProposalPlan,
): Promise<StoredSafeTransaction | null> {
  const state = await states(trx, wallet);
  if (!state) return null;
  const safe = getAddress(wallet.address);
  const nonce = await nextSafeNonce(trx, wallet.id, state.nonce);
  const transaction =
    plan.kind === 'governance'
      ? await governanceOf(trx, safe, state, plan, nonce)
      : transferTransaction(await paymentsOf(trx, wallet.chainId, plan), nonce);
  return stored(state.signingChainId, safe, transaction);
}

export interface SafeWallet {
  id: number;
  chainId: number;
  address: string;
  safeSetup: SafeSetup | null;
}

/** A wallet's Safe as it is now, with the chain id its signatures are bound to; null when the wallet is no Safe. */
export type SafeStates = (trx: Trx, wallet: SafeWallet) => Promise<(SafeState & { signingChainId: number }) | null>;

/** What the chain registry needs to reach a chain's Safe contracts. */
const chainEndpoint = (trx: Trx, chainId: number) =>
  trx.selectFrom('chain').select(['chainId', 'family', 'rpcUrl']).where('chainId', '=', chainId).executeTakeFirstOrThrow();

/** From the chain, through its adapter: what requests use. A Safe the books know and the chain lacks is a 409. */
export const chainSafeStates =
  (chains: ChainRegistry): SafeStates =>
  async (trx, wallet) => {
    if (!wallet.safeSetup) return null;
    const adapter = await chains.adapterFor(await chainEndpoint(trx, wallet.chainId));
    if (!adapter.multisig) return null;
    const state = await adapter.multisig.state(getAddress(wallet.address));
    if (!state) throw conflict('api.safeMissing', { address: getAddress(wallet.address) });
    return { ...state, signingChainId: adapter.signingChainId };
  };

/**
 * From the recorded setup alone, as a fresh devnet deploys it (nonce 0, the devnet's chain id): what
 * the demo seed uses, which writes its books before any chain runs (server/chain/materialize.ts).
 */
export const setupSafeStates: SafeStates = async (_trx, wallet) =>
  wallet.safeSetup
    ? {
        owners: wallet.safeSetup.owners.map((o) => getAddress(o)),
        threshold: wallet.safeSetup.threshold,
        nonce: 0n,
        signingChainId: devnetChainId(wallet.chainId),
      }
    : null;

/** After the Safe's own nonce and every open proposal's on this Safe: they execute in that order. */
async function nextSafeNonce(trx: Trx, walletId: number, onChain: bigint): Promise<bigint> {
  const { last } = await trx
    .selectFrom('proposal')
    .select(sql<string | null>`max((safe_tx->>'nonce')::numeric)::text`.as('last'))
    .where('walletId', '=', walletId)
    .where('status', 'in', OPEN_STATUSES)
    .where('safeTx', 'is not', null)
    .executeTakeFirstOrThrow();
  const next = last === null ? 0n : BigInt(last) + 1n;
  return next > onChain ? next : onChain;
}

async function governanceOf(
  trx: Trx,
  safe: Address,
  state: { owners: Address[]; threshold: number },
  plan: ProposalPlan,
  nonce: bigint,
): Promise<SafeTransaction> {
  const signers = plan.newSigners ?? [];
  const keys = await trx
    .selectFrom('signingKey')
    .innerJoin('appUser', 'appUser.id', 'signingKey.userId')
    .select(['signingKey.userId', 'signingKey.address'])
    .where('signingKey.userId', 'in', signers.length > 0 ? signers : [-1])
    .execute();
  const byUser = new Map(keys.map((k) => [k.userId, k.address as Address]));
  const missing = signers.filter((id) => !byUser.has(id));
  if (missing.length > 0) {
    const accounts = await trx.selectFrom('appUser').select('account').where('id', 'in', missing).execute();
    throw conflict('api.signerWithoutKey', { accounts: accounts.map((a) => a.account).join(', ') });
  }
  return governanceTransaction(
    safe,
    state.owners,
    state.threshold,
    signers.map((id) => byUser.get(id) as Address),
    plan.newThreshold ?? state.threshold,
    nonce,
  );
}

/** The payment in the currency's smallest unit, and a withdrawal's fee to the platform's fee wallet. */
async function paymentsOf(trx: Trx, chainId: number, plan: ProposalPlan): Promise<Payment[]> {
  if (plan.currencyId === null) throw new Error('a money proposal names its currency');
  const currency = await trx
    .selectFrom('currency')
    .select(['contractAddress', 'decimals'])
    .where('id', '=', plan.currencyId)
    .executeTakeFirstOrThrow();
  const token = currency.contractAddress ? getAddress(currency.contractAddress) : null;
  const payments: Payment[] = [{ to: getAddress(plan.toAddress), token, amount: parseUnits(plan.amount, currency.decimals) }];
  const fee = parseUnits(plan.fee || '0', currency.decimals);
  if (fee > 0n) {
    const feeWallet = await trx
      .selectFrom('chainWallet')
      .select('address')
      .where('id', '=', await feeWalletOf(trx, chainId))
      .executeTakeFirstOrThrow();
    payments.push({ to: getAddress(feeWallet.address), token, amount: fee });
  }
  return payments;
}

const stored = (chainId: number, safe: Address, t: SafeTransaction): StoredSafeTransaction => ({
  chainId,
  safe,
  to: t.to,
  value: t.value.toString(),
  data: t.data,
  operation: t.operation,
  nonce: t.nonce.toString(),
});

/** The stored form back as the Safe transaction. */
export const safeTransactionOf = (s: StoredSafeTransaction): SafeTransaction => ({
  ...safeTransaction(s.to as Address, BigInt(s.value), s.data as Hex, BigInt(s.nonce)),
  operation: s.operation,
});

/** What a signer's browser signs (EIP-712), bound to the chain id recorded at start. */
export const signingRequestOf = (s: StoredSafeTransaction) => safeTypedData(s.chainId, s.safe as Address, safeTransactionOf(s));

/**
 * What a proposal's detail hands its signers (docs/chains.md "Proposals on Safes"): the typed data
 * to sign, numbers as decimal strings (JSON has no bigint), and the hash the Safe will check.
 */
export function signingOf(s: StoredSafeTransaction) {
  const request = signingRequestOf(s);
  const message = Object.fromEntries(
    Object.entries(request.message).map(([key, value]) => [key, typeof value === 'bigint' ? value.toString() : value]),
  );
  return { safeTxHash: safeTransactionHash(s.chainId, s.safe as Address, safeTransactionOf(s)), typedData: { ...request, message } };
}

/** The same Safe transaction at another Safe nonce. */
export const atSafeNonce = (s: StoredSafeTransaction, nonce: bigint): StoredSafeTransaction => ({ ...s, nonce: nonce.toString() });

/**
 * The Safe nonces below a proposal's own it may end up executing at (docs/chains.md "Nonce gaps"):
 * from the nonce after the wallet's last proposal executed on chain (the Safe's nonce, as far as the
 * books know) up to its own, at most MAX_LOWER_SIGNATURES of them.
 */
export async function lowerSafeNonces(db: Reader, walletId: number, safeTx: StoredSafeTransaction): Promise<bigint[]> {
  const { last } = await db
    .selectFrom('proposal')
    .select(sql<string | null>`max((safe_tx->>'nonce')::numeric)::text`.as('last'))
    .where('walletId', '=', walletId)
    .where('chainExecution', 'is not', null)
    .executeTakeFirstOrThrow();
  const own = BigInt(safeTx.nonce);
  const lowest = last === null ? 0n : BigInt(last) + 1n;
  const floor = own - lowest > BigInt(MAX_LOWER_SIGNATURES) ? own - BigInt(MAX_LOWER_SIGNATURES) : lowest;
  const nonces: bigint[] = [];
  for (let nonce = floor; nonce < own; nonce += 1n) nonces.push(nonce);
  return nonces;
}

/**
 * What the detail hands a signer: the transaction at its own nonce, and at each lower one it may end up at.
 * `safeNonce` is the Safe's own count (not the proposal's nonce, which counts the wallet's proposals):
 * the console shows it beside the Safe transaction hash, the hash the ledger books it under.
 */
export async function signingWithLower(db: Reader, walletId: number, safeTx: StoredSafeTransaction) {
  const lower = (await lowerSafeNonces(db, walletId, safeTx)).map((nonce) => ({
    safeNonce: nonce.toString(),
    typedData: signingOf(atSafeNonce(safeTx, nonce)).typedData,
  }));
  return { ...signingOf(safeTx), safeNonce: safeTx.nonce, lower };
}

/**
 * An approval's signature on a Safe proposal (docs/chains.md "Proposals on Safes"): it must be the
 * caller's registered key signing this proposal's Safe transaction, and that key one of the Safe's
 * owners as the books mirror them now (`chain_wallet.safe_owners`). Returns the signature (and the key it is checked against) to store with the vote; null when the
 * proposal is no Safe's (an approval there is a vote in the books alone).
 */
export async function checkedApprovalSignature(
  trx: Trx,
  proposal: { walletId: number; safeTx: StoredSafeTransaction | null },
  callerId: number,
  signature: string | undefined,
  lowerSignatures: Record<string, string> | undefined,
): Promise<{ signature: Hex; lowerSignatures: Record<string, string> | null; signerAddress: Address } | null> {
  const { safeTx } = proposal;
  if (!safeTx) return null;
  if (!signature) throw fieldError('signature', 'api.signatureRequired');
  const key = await trx.selectFrom('signingKey').select('address').where('userId', '=', callerId).executeTakeFirst();
  if (!key) throw conflict('api.noSigningKey');
  const isCallers = async (tx: StoredSafeTransaction, candidate: string) => {
    try {
      return (await signerOf(tx, candidate)) === getAddress(key.address);
    } catch {
      return false;
    }
  };
  if (!(await isCallers(safeTx, signature))) throw fieldError('signature', 'api.signatureNotYours');
  // Each one below must be the caller's signature of this same transaction at that lower nonce.
  const own = BigInt(safeTx.nonce);
  for (const [nonce, lower] of Object.entries(lowerSignatures ?? {})) {
    if (BigInt(nonce) >= own || !(await isCallers(atSafeNonce(safeTx, BigInt(nonce)), lower)))
      throw fieldError('lowerSignatures', 'api.signatureNotYours');
  }
  // The Safe's owners now, as governance left them (docs/chains.md "Governance on a Safe"), not its first ones.
  const wallet = await trx.selectFrom('chainWallet').select('safeOwners').where('id', '=', proposal.walletId).executeTakeFirstOrThrow();
  if (!isRecordedOwner(wallet.safeOwners, key.address)) throw conflict('api.notSafeOwner', { address: getAddress(key.address) });
  return {
    signature: signature as Hex,
    lowerSignatures: lowerSignatures && Object.keys(lowerSignatures).length > 0 ? lowerSignatures : null,
    signerAddress: getAddress(key.address),
  };
}

/** The address a stored approval signature of this Safe transaction recovers to. */
export const signerOf = async (safeTx: StoredSafeTransaction, signature: string): Promise<Address> =>
  getAddress(await recoverTypedDataAddress({ ...signingRequestOf(safeTx), signature: signature as Hex }));

/** A Safe execution made ready: the transaction at the nonce the Safe is at, and the approvals' signatures of it. */
export interface PreparedSafeExecution {
  proposalId: number;
  adapter: ChainAdapter;
  safeTx: StoredSafeTransaction;
  signatures: Array<{ signer: Address; signature: Hex }>;
}

/**
 * Before a confirm on a Safe books anything (docs/chains.md "Proposals on Safes", "Nonce gaps"): the
 * Safe's nonce decides which signatures count. At the proposal's own nonce, the approvals' signatures;
 * below it (a proposal before it closed without executing), each approval's signature at that nonce,
 * when it gave one: fewer than the Safe's threshold is a 409 naming both nonces, before anything is
 * sent. The proposal then records the transaction it executes.
 */
export async function prepareSafeExecution(
  trx: Trx,
  chains: ChainRegistry,
  proposal: { id: number; chainId: number; safeTx: StoredSafeTransaction },
): Promise<PreparedSafeExecution> {
  const adapter = await chains.adapterFor(await chainEndpoint(trx, proposal.chainId));
  if (!adapter.multisig) throw conflict('api.chainUnavailable');
  const safe = getAddress(proposal.safeTx.safe);
  const state = await adapter.multisig.state(safe);
  if (!state) throw conflict('api.safeMissing', { address: safe });
  const own = BigInt(proposal.safeTx.nonce);
  const gap = () => conflict('api.safeNonceGap', { safeNonce: Number(state.nonce), signedNonce: Number(own) });
  if (state.nonce > own) throw gap();
  const votes = await trx
    .selectFrom('proposalVote')
    .select(['signature', 'lowerSignatures'])
    .where('proposalId', '=', proposal.id)
    .where('vote', '=', 'approve')
    .where('signature', 'is not', null)
    .execute();
  const safeTx = state.nonce === own ? proposal.safeTx : atSafeNonce(proposal.safeTx, state.nonce);
  const given = votes
    .map((v) => (state.nonce === own ? v.signature : v.lowerSignatures?.[state.nonce.toString()]))
    .filter((sig): sig is string => Boolean(sig));
  // Below its own nonce, too few approvers signed ahead: say why rather than send. At its own nonce
  // the Safe itself judges the signatures (GS020, GS026…).
  if (state.nonce !== own && given.length < state.threshold) throw gap();
  const signatures = await Promise.all(
    given.map(async (signature) => ({ signer: await signerOf(safeTx, signature), signature: signature as Hex })),
  );
  if (safeTx !== proposal.safeTx) await trx.updateTable('proposal').set({ safeTx }).where('id', '=', proposal.id).execute();
  return { proposalId: proposal.id, adapter, safeTx, signatures };
}
