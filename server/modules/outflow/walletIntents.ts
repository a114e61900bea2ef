import type { Transaction } from 'kysely';
import { parseUnits } from 'viem';
import type { Database } from '../../db/schema';
import type { ChainRegistry } from '../../chain/registry';
import { conflict } from '../../http/apiError';
import { isMultiSigKind } from '../../../src/contract/contractKinds';
import { positive } from '../ledger/post';
import type { ExecutionRoute } from './execution';
import type { NewIntent } from './intentLog';
import { holdsWalletKey } from './walletKey';

type Trx = Transaction<Database>;

/** What a wallet's outflow sends: the amount to `to`, and a withdrawal's fee to the platform's fee wallet. */
export interface WalletOutflow {
  walletId: number;
  orgId: number;
  chainId: number;
  currencyId: number;
  amount: string;
  fee: string;
  to: string;
}

/**
 * The chain transactions of money out of a hot or cold wallet on a chain that moves it (docs/chains.md
 * "Wallet keys", "The intent log"), to record in the request's transaction before anything is sent:
 * the amount, then a withdrawal's fee to the fee wallet (an EVM account sends one transfer per
 * transaction). Each holds what it moves until it is booked. Null: no chain moves this wallet's money
 * (a simulated chain, a multisig wallet that is no Safe): the books alone move it, at once. A wallet
 * whose key the platform lacks is a 409 before anything is recorded.
 */
export async function walletSendIntents(
  trx: Trx,
  chains: ChainRegistry | null,
  outflow: WalletOutflow,
  route: ExecutionRoute,
  requestedBy: number,
): Promise<NewIntent[] | null> {
  const chain = await trx
    .selectFrom('chain')
    .select(['chainId', 'family', 'rpcUrl'])
    .where('chainId', '=', outflow.chainId)
    .executeTakeFirstOrThrow();
  if (chain.family !== 'evm') return null;
  const { address: from, kind } = await trx
    .selectFrom('chainWallet')
    .select(['address', 'kind'])
    .where('id', '=', outflow.walletId)
    .executeTakeFirstOrThrow();
  // A multisig wallet never sends by a key: a Safe through its contract, any other by the books' rule alone.
  if (isMultiSigKind(kind)) return null;
  if (!chains) throw conflict('api.chainUnavailable');
  const adapter = await chains.adapterFor(chain).catch(() => {
    throw conflict('api.chainUnavailable');
  });
  if (!adapter.wallets) return null;
  if (!(await holdsWalletKey(trx, chains, adapter.wallets, outflow.chainId, from))) throw conflict('api.walletNoKey', { address: from });
  const currency = await trx
    .selectFrom('currency')
    .select(['contractAddress', 'decimals'])
    .where('id', '=', outflow.currencyId)
    .executeTakeFirstOrThrow();
  const token = currency.contractAddress;
  const base = { chainId: outflow.chainId, orgId: outflow.orgId, walletId: outflow.walletId, requestedBy };
  const intents: NewIntent[] = [
    {
      ...base,
      step: 1,
      request: { kind: 'transfer', from, to: outflow.to, token, amount: parseUnits(outflow.amount, currency.decimals).toString() },
      hold: { currencyId: outflow.currencyId, amount: outflow.amount },
    },
  ];
  if (positive(outflow.fee) && route.feeWalletId !== null) {
    const feeWallet = await trx.selectFrom('chainWallet').select('address').where('id', '=', route.feeWalletId).executeTakeFirstOrThrow();
    intents.push({
      ...base,
      step: 2,
      request: { kind: 'transfer', from, to: feeWallet.address, token, amount: parseUnits(outflow.fee, currency.decimals).toString() },
      hold: { currencyId: outflow.currencyId, amount: outflow.fee },
    });
  }
  return intents;
}
