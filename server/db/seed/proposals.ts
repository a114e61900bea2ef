import { demoEvmAddress, demoTronAddress } from './wallets';
import { demoTxHash } from './chainTransfers';
import type { DemoSeed } from './demoSeed';
import { executeTransfer, lockExecutionWallets } from '../../modules/outflow/execution';
import { insertProposal } from '../../modules/outflow/proposalStart';
import { proposalMoved } from '../../modules/outflow/proposalNotice';
import { currencyOnChain } from '../../modules/ledger/currencyOnChain';
import { setupSafeStates, signingWithLower } from '../../modules/outflow/safeProposal';
import { approvalSignatures } from '../../../src/contract/approvalSignatures';
import { privateKeyToAccount } from 'viem/accounts';
import { demoSigningKey } from '../../../src/contract/demoSigningKey';
import type { Caller } from '../../http/caller';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The default PROPOSAL_TTL_HOURS: the seed has no server config to read. */
const TTL_HOURS = 72;

type Step = { by: string; action: 'approval' | 'deny' | 'confirm'; after: number; comment?: string };
interface DemoProposal {
  wallet: string;
  /** Default transfer. */
  kind?: 'transfer' | 'supply';
  /** A demo wallet the money goes to (a supply); default an outside recipient. */
  toWallet?: string;
  symbol: string;
  status: 'pending' | 'approved' | 'executed' | 'denied' | 'expired';
  amount: string;
  /** Hours before the seed ran that it started. */
  ageHours: number;
  proposer: string;
  memo: string;
  /** What happened after the start, minutes after it (the proposer's own approval comes with the start, or on a Safe as a signed step the seed adds right after it). */
  steps: Step[];
}

/**
 * Demo proposals in every status on the demo multisig wallets, in nonce order per
 * wallet, each with the votes and sign log its story needs. Aurora cold holds history
 * only (so a new cold proposal is next at once); Aurora TRON hot holds the open queue:
 * nonce 1 approved and next, nonce 2 pending behind it and waiting for the manager and
 * the employee. Each starts through the API's own `insertProposal`, back in time; the
 * executed ones moved their money through the ledger code a confirm runs (after the
 * wallets' opening balances), with their gas unless a Safe's relayer paid it.
 */
const demoProposals: DemoProposal[] = [
  {
    wallet: 'Aurora cold',
    symbol: 'ETH',
    status: 'executed',
    amount: '2',
    ageHours: 120,
    proposer: 'merchantProManager',
    memo: 'Quarterly settlement',
    steps: [
      { by: 'merchantProFinance', action: 'approval', after: 20 },
      { by: 'merchantProEmployee', action: 'confirm', after: 60 },
    ],
  },
  {
    wallet: 'Aurora cold',
    symbol: 'ETH',
    status: 'expired',
    amount: '3',
    ageHours: 100,
    proposer: 'merchantProManager',
    memo: 'Vendor payout',
    steps: [],
  },
  {
    wallet: 'Aurora cold',
    symbol: 'USDT',
    status: 'denied',
    amount: '40000',
    ageHours: 20,
    proposer: 'merchantProManager',
    memo: 'OTC desk',
    steps: [{ by: 'merchantProEmployee', action: 'deny', after: 45, comment: 'Unverified recipient' }],
  },
  {
    wallet: 'Aurora TRON hot',
    symbol: 'USDT',
    status: 'approved',
    amount: '1250',
    ageHours: 5,
    proposer: 'merchantProFinance',
    memo: 'Liquidity top-up',
    steps: [{ by: 'merchantProManager', action: 'approval', after: 30, comment: 'OK' }],
  },
  {
    wallet: 'Aurora TRON hot',
    symbol: 'TRX',
    status: 'pending',
    amount: '750',
    ageHours: 2,
    proposer: 'merchantProFinance',
    memo: 'Refund batch',
    steps: [],
  },
  {
    wallet: 'Birch cold',
    kind: 'supply',
    toWallet: 'Birch deposits',
    symbol: 'USDC',
    status: 'executed',
    amount: '5000',
    ageHours: 150,
    proposer: 'merchantStdManager',
    memo: 'Float for refunds',
    steps: [
      { by: 'merchantStdFinance', action: 'approval', after: 15 },
      { by: 'merchantStdFinance', action: 'confirm', after: 25 },
    ],
  },
];

export async function seedProposals({ trx, walletIds, userIds }: DemoSeed, now = new Date()): Promise<void> {
  const nonces = new Map<number, number>();
  for (const [index, p] of demoProposals.entries()) {
    const wallet = await trx
      .selectFrom('chainWallet')
      .select(['id', 'chainId', 'orgId', 'threshold'])
      .where('id', '=', walletIds[p.wallet])
      .executeTakeFirstOrThrow();
    const chain = await trx.selectFrom('chain').select('family').where('chainId', '=', wallet.chainId).executeTakeFirstOrThrow();
    const currency = await currencyOnChain(trx, wallet.chainId, p.symbol).select('id').executeTakeFirstOrThrow();
    const nonce = (nonces.get(wallet.id) ?? 0) + 1;
    nonces.set(wallet.id, nonce);
    const createdAt = new Date(now.getTime() - p.ageHours * HOUR);
    const at = (minutes: number) => new Date(createdAt.getTime() + minutes * MINUTE);
    const expiresAt = new Date(createdAt.getTime() + TTL_HOURS * HOUR);
    const confirm = p.steps.find((s) => s.action === 'confirm');
    const closedAt = confirm ? at(confirm.after) : p.status === 'expired' ? expiresAt : at(p.steps.at(-1)?.after ?? 0);
    const recipient = `demo recipient ${index}`;
    const toAddress = p.toWallet
      ? (await trx.selectFrom('chainWallet').select('address').where('id', '=', walletIds[p.toWallet]).executeTakeFirstOrThrow()).address
      : chain.family === 'tron'
        ? demoTronAddress(recipient)
        : demoEvmAddress(recipient);
    const txHash = confirm ? demoTxHash(`${p.wallet} ${nonce}`, false) : null;
    // Started as the API starts one (nonce, frozen signer set, start log, the proposer's approval), back in time.
    const proposer = { userId: userIds[p.proposer] } as Caller;
    const plan = {
      kind: p.kind ?? 'transfer',
      toAddress,
      amount: p.amount,
      symbol: p.symbol,
      currencyId: currency.id,
      fee: '0',
      memo: p.memo,
      orderId: null,
      newSigners: null,
      newThreshold: null,
    };
    const { proposalId: id, nonce: started } = await insertProposal(
      trx,
      proposer,
      wallet.id,
      plan,
      createdAt,
      TTL_HOURS,
      { threshold: null, record: null },
      setupSafeStates,
    );
    if (started !== nonce) throw new Error(`demo proposal ${index}: nonce ${started}, expected ${nonce}`);
    await trx
      .updateTable('proposal')
      .set({ status: p.status, txHash, updatedAt: closedAt, executedAt: confirm ? closedAt : null })
      .where('id', '=', id)
      .execute();
    // On a Safe an approval is the signer's signature of the Safe transaction, the proposer's too,
    // made with the demo keys (docs/chains.md "Proposals on Safes").
    const { safeTx } = await trx.selectFrom('proposal').select('safeTx').where('id', '=', id).executeTakeFirstOrThrow();
    // At its own Safe nonce and each lower one it may end up at, as the console signs (docs/chains.md "Nonce gaps").
    const signing = safeTx ? await signingWithLower(trx, wallet.id, safeTx) : null;
    const signaturesOf = async (account: string) => {
      if (!signing) return { signature: null, lowerSignatures: null };
      const key = privateKeyToAccount(demoSigningKey(account));
      const { signature, lowerSignatures } = await approvalSignatures((typed) => key.signTypedData(typed), signing);
      return { signature, lowerSignatures: Object.keys(lowerSignatures).length > 0 ? lowerSignatures : null, signerAddress: key.address };
    };
    const steps: Step[] = safeTx ? [{ by: p.proposer, action: 'approval', after: 0 }, ...p.steps] : p.steps;
    for (const step of steps) {
      const time = at(step.after);
      const comment = step.comment ?? '';
      if (step.action !== 'confirm') {
        const approve = step.action !== 'deny';
        await trx
          .insertInto('proposalVote')
          .values({
            proposalId: id,
            signerId: userIds[step.by],
            vote: approve ? 'approve' : 'deny',
            comment,
            createdAt: time,
            ...(approve ? await signaturesOf(step.by) : {}),
          })
          .execute();
      }
      await trx
        .insertInto('signLog')
        .values({ proposalId: id, action: step.action, actorId: userIds[step.by], comment, createdAt: time })
        .execute();
    }
    if (txHash && closedAt) {
      const route = await lockExecutionWallets(trx, { walletId: wallet.id, chainId: wallet.chainId, toAddress });
      const outflow = {
        walletId: wallet.id,
        orgId: wallet.orgId,
        chainId: wallet.chainId,
        currencyId: currency.id,
        amount: p.amount,
        symbol: p.symbol,
      };
      // On a Safe the relayer pays the gas, not the wallet (docs/chains.md "Proposals on Safes").
      await executeTransfer(
        trx,
        { ...outflow, reason: 'proposal', proposalId: id, movementId: null, gasReason: 'proposal' },
        route,
        txHash,
        closedAt,
        { relayed: safeTx !== null },
      );
    }
    if (p.status === 'expired')
      await trx
        .insertInto('signLog')
        .values({ proposalId: id, action: 'expire', actorId: null, comment: '', createdAt: expiresAt })
        .execute();
    // The app bar's notices follow the votes and status written above, as an action's would.
    await proposalMoved(trx, id, createdAt);
  }
}
