import { formatUnits, getAddress, type Address, type Hex } from 'viem';
import type { Db } from '../../db/database';
import type { ChainRegistry } from '../../chain/registry';
import type { ChainAdapter, Execution } from '../../chain/adapter';
import type { IntentOutcome, IntentState } from '../../db/schema';
import { safeTransactionOf } from './safeProposal';
import {
  claimIntents,
  fixedOf,
  fateOf,
  journalOf,
  LEASE_MS,
  recordFate,
  releaseIntents,
  renewLease,
  type ClaimedIntent,
  type OutflowOwner,
} from './intentLog';
import { settleOutflow, type AnswerReader, type SettledOutflow } from './settle';
import { faultPoint } from './faultPoint';
import { holdsWalletKey } from './walletKey';

/** What a run needs: the primary database, the chains, the clock. */
export interface OutflowRunner {
  db: Db;
  chains: ChainRegistry | null;
  now: () => Date;
  /** Whose lease this run holds or takes (intentLog.ts `recordIntents`, `claimIntents`). */
  leaseToken: string;
}

type Fate = { state: IntentState; txHash: string | null; outcome: IntentOutcome };

const refusal = (key: string, params?: Record<string, string>): Fate => ({
  state: 'refused',
  txHash: null,
  outcome: { refusal: { key, params } },
});

/**
 * Drives an outflow's chain transactions to their end and books them (docs/chains.md "The intent
 * log"), outside any database transaction: each intent is claimed (a lease), fixed and recorded
 * before the node sees it, its fate recorded once mined, and only then are the books written, in
 * one transaction (settle.ts). A step after one that did not go through (a withdrawal's fee after
 * a failed amount) is skipped, never sent. Null: another process holds the outflow, or it was
 * settled already. A fault it cannot judge (a node that stops answering after it took the
 * transaction) gives the lease back and is thrown: the outflow stays recorded, and a resume
 * (resume.ts) finishes it from what the chain says.
 */
export async function runOutflow<T>(
  runner: OutflowRunner,
  owner: OutflowOwner,
  answer?: AnswerReader<T>,
): Promise<SettledOutflow<T> | null> {
  const intents = await claimIntents(runner.db, owner, runner.now(), runner.leaseToken);
  if (intents.length === 0) return null;
  const renewal = setInterval(
    () => void renewLease(runner.db, owner, runner.leaseToken, runner.now()).catch(() => undefined),
    LEASE_MS / 3,
  );
  try {
    let earlier: IntentState = 'mined';
    for (const intent of intents) {
      let state = intent.state;
      if (state === 'recorded' || state === 'signed') {
        const fate: Fate = earlier === 'mined' ? await drive(runner, intent, intents) : { state: 'skipped', txHash: null, outcome: {} };
        if (fate.state === 'mined') faultPoint('mined');
        await recordFate(runner.db, intent.id, fate, runner.now(), runner.leaseToken);
        state = fate.state;
      }
      earlier = state;
    }
    return await settleOutflow(runner.db, owner, runner.now(), answer);
  } catch (error) {
    await releaseIntents(runner.db, owner, runner.leaseToken).catch(() => undefined);
    throw error;
  } finally {
    clearInterval(renewal);
  }
}

/** One intent sent, or found again on the chain after a stop. */
async function drive(runner: OutflowRunner, intent: ClaimedIntent, all: readonly ClaimedIntent[]): Promise<Fate> {
  const adapter = await adapterOf(runner, intent.chainId);
  const { request } = intent;
  const fixed = fixedOf(intent);
  if (fixed) {
    // Fixed before a stop, maybe sent: the chain says what became of it; sent again only if it never got it.
    if (!adapter?.resumeSend) throw new Error(`intent ${intent.id}: chain ${intent.chainId} cannot be read to resume it`);
    return labelled(intent, await adapter.resumeSend(fixed, request.kind === 'safe' ? request.safe : undefined));
  }
  // Nothing left yet: a chain out of reach sends nothing, and says so.
  if (!adapter) return refusal('api.chainUnavailable');
  const journal = journalOf(runner.db, intent.id, runner.now, runner.leaseToken);
  if (request.kind === 'safe') {
    if (!adapter.multisig) return refusal('api.chainUnavailable');
    return labelled(
      intent,
      await adapter.multisig.execute(
        getAddress(request.safe),
        safeTransactionOf(request.safeTx),
        request.signatures.map((s) => ({ signer: getAddress(s.signer), signature: s.signature as Hex })),
        journal,
      ),
    );
  }
  const wallets = adapter.wallets;
  if (!wallets) return refusal('api.chainUnavailable');
  if (!runner.chains || !(await holdsWalletKey(runner.db, runner.chains, wallets, intent.chainId, request.from)))
    return refusal('api.walletNoKey', { address: getAddress(request.from) });
  if (intent.step === 1) {
    // The chain is asked whether the wallet holds what leaves it (its amount and the fee after it): the
    // books said so; a chain that disagrees sends nothing and says by how much.
    const needed =
      BigInt(request.amount) +
      all
        .filter((i) => i.step === 2 && i.request.kind === 'transfer')
        .reduce((sum, i) => sum + BigInt(i.request.kind === 'transfer' ? i.request.amount : '0'), 0n);
    const held = await adapter.balanceOf(request.from, request.token).catch(() => null);
    if (held === null) return refusal('api.chainUnavailable');
    if (held < needed) return shortOnChain(runner, intent, held, needed);
  }
  return labelled(intent, await wallets.transfer(request.from, request.to, request.token, BigInt(request.amount), journal));
}

async function adapterOf(runner: OutflowRunner, chainId: number): Promise<ChainAdapter | null> {
  if (!runner.chains) return null;
  const chain = await runner.db
    .selectFrom('chain')
    .select(['chainId', 'family', 'rpcUrl'])
    .where('chainId', '=', chainId)
    .executeTakeFirstOrThrow();
  return runner.chains.adapterFor(chain).catch(() => null);
}

async function shortOnChain(runner: OutflowRunner, intent: ClaimedIntent, held: bigint, needed: bigint): Promise<Fate> {
  const currency = await runner.db
    .selectFrom('currency')
    .select(['symbol', 'decimals'])
    .where('id', '=', intent.holdCurrencyId ?? -1)
    .executeTakeFirst();
  const decimals = currency?.decimals ?? 18;
  return refusal('api.walletShortOnChain', {
    symbol: currency?.symbol ?? '',
    held: formatUnits(held, decimals),
    needed: formatUnits(needed, decimals),
  });
}

/** The adapter's answer, with the refusal the caller gives for the kind of transaction it was. */
function labelled(intent: ClaimedIntent, execution: Execution): Fate {
  const fate = fateOf(execution);
  if (execution.outcome === 'refused' && intent.request.kind === 'safe') return refusal('api.safeRefused', { reason: execution.reason });
  if (execution.outcome === 'refused' && execution.reason === 'noKey' && intent.request.kind === 'transfer')
    return refusal('api.walletNoKey', { address: getAddress(intent.request.from as Address) });
  return fate;
}
