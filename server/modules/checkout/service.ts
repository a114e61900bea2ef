import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import bs58check from 'bs58check';
import { parseUnits, type Address, type Hex } from 'viem';
import type { Db } from '../../db/database';
import { devnetChainId, type ChainRegistry } from '../../chain/registry';
import { badRequest, conflict, notFound } from '../../http/apiError';
import { amountProblem, compareDecimal } from '../../../src/contract/money';
import { orderStateOf } from '../../../src/contract/orderState';
import type { CheckoutOrderInput, CheckoutPayLink, PayLinkOrderBody, SimulatePaymentBody } from '../../../src/contract/schemas/checkout';
import { createOrder, orderAmountColumns } from '../merchantOrder/service';
import { bookTransfer } from '../deposit/bookTransfer';
import { simulatedTxHash } from '../outflow/execution';

const orderNotFound = () => notFound('Order');
const linkNotFound = () => notFound('Pay link');

/** What a wallet scans (docs/payments.md "Checkout"): EIP-681 on EVM chains, the bare address on TRON. */
export function paymentUriOf(
  order: { family: string; walletChainId: number; depositAddress: string; contractAddress: string | null },
  units: bigint,
): string {
  if (order.family !== 'evm') return order.depositAddress;
  return order.contractAddress
    ? `ethereum:${order.contractAddress}@${order.walletChainId}/transfer?address=${order.depositAddress}&uint256=${units}`
    : `ethereum:${order.depositAddress}@${order.walletChainId}?value=${units}`;
}

/** A payment is simulated on a simulated network (TRON), on a platform in devnet mode only (docs/DECISIONS.md "Simulated TRON payments"). */
const canSimulate = (chains: ChainRegistry, mode: string) => mode === 'simulated' && chains.mode === 'devnet';

const checkoutRows = (db: Db) =>
  db
    .selectFrom('paymentOrder')
    .innerJoin('currency', 'currency.id', 'paymentOrder.currencyId')
    .innerJoin('chain', 'chain.chainId', 'paymentOrder.chainId')
    .innerJoin('org', 'org.id', 'paymentOrder.orgId')
    .select([
      'paymentOrder.orderNo',
      'paymentOrder.status',
      'org.name as merchantName',
      ...orderAmountColumns,
      'currency.symbol as currency',
      'currency.decimals',
      'currency.contractAddress',
      'paymentOrder.chainId',
      'chain.name as chainName',
      'chain.family',
      'paymentOrder.depositAddress',
      'paymentOrder.expiresAt',
      'paymentOrder.paidAt',
      'paymentOrder.txHash',
    ]);

/**
 * One order as its payer sees it, by its checkout code (never by id: ids are guessable). Nothing of the
 * merchant beyond its name.
 */
export async function checkoutOrderOf(db: Db, chains: ChainRegistry, code: string, now: Date): Promise<CheckoutOrderInput> {
  const row = await checkoutRows(db).where('paymentOrder.checkoutCode', '=', code).executeTakeFirstOrThrow(orderNotFound);
  const { status, ...order } = row;
  // What a wallet sends: what is still missing (all of it before anything arrived).
  const due = compareDecimal(order.missing, '0') > 0 ? order.missing : order.amount;
  const units = parseUnits(due, order.decimals);
  const mode = chains.modeOf(order.family);
  // The chain id a wallet signs for: on the devnet its devnet's (docs/chains.md "Paying into the devnet").
  const withChain = { ...order, walletChainId: mode === 'devnet' ? devnetChainId(order.chainId) : order.chainId };
  return {
    ...withChain,
    state: orderStateOf({ status, amount: order.amount, received: order.received, expiresAt: order.expiresAt }, now),
    mode,
    canSimulatePayment: canSimulate(chains, mode),
    paymentUri: paymentUriOf(withChain, units),
    amountUnits: units.toString(),
    now,
  };
}

const linkRows = (db: Db) =>
  db
    .selectFrom('payLink')
    .innerJoin('currency', 'currency.id', 'payLink.currencyId')
    .innerJoin('chain', 'chain.chainId', 'currency.chainId')
    .innerJoin('org', 'org.id', 'payLink.orgId')
    .where('payLink.enabled', '=', true)
    .where('currency.enabled', '=', true)
    .where('chain.enabled', '=', true);

/** An enabled pay link as its payer sees it. */
export async function checkoutPayLinkOf(db: Db, code: string): Promise<CheckoutPayLink> {
  return linkRows(db)
    .select([
      'payLink.title',
      'org.name as merchantName',
      sql<string | null>`trim_scale(pay_link.amount)::text`.as('amount'),
      'currency.symbol as currency',
      'currency.decimals',
      'currency.chainId',
      'chain.name as chainName',
    ])
    .where('payLink.code', '=', code)
    .executeTakeFirstOrThrow(linkNotFound);
}

/**
 * A payer starts paying a link: an order of the link's org through it, with an address of its own,
 * for the link's amount, or the payer's when the link has none (docs/payments.md "Checkout").
 */
export async function orderThroughLink(
  db: Db,
  code: string,
  body: PayLinkOrderBody,
  context: { now: Date; seed: () => Uint8Array; origin: string },
): Promise<{ checkoutCode: string }> {
  const link = await linkRows(db)
    .select([
      'payLink.orgId',
      sql<string | null>`trim_scale(pay_link.amount)::text`.as('amount'),
      'currency.symbol',
      'currency.chainId',
      'currency.decimals',
    ])
    .where('payLink.code', '=', code)
    .executeTakeFirstOrThrow(linkNotFound);
  const amount = link.amount ?? body.amount;
  if (amount === undefined) throw badRequest({ amount: { key: 'validation.required' } });
  const problem = amountProblem(amount, { decimals: link.decimals });
  if (problem) throw badRequest({ amount: problem });
  const order = await createOrder(
    db,
    { keyId: null, orgId: link.orgId },
    {
      body: { amount, currency: link.symbol, chainId: link.chainId, payLinkCode: code, expiresInMinutes: 60 },
      idempotencyKey: undefined,
      now: context.now,
      seed: context.seed,
      origin: context.origin,
    },
  );
  return { checkoutCode: order.checkoutCode };
}

/** How much native coin the faucet gives for gas. */
const GAS_GIFT = 10n ** 17n;

/**
 * Devnet mode only (docs/payments.md "Paying on the devnet"): coin for gas and what the order still
 * needs, to the payer's address, so a payer pays with a wallet of their own without reading code.
 */
export async function faucetFor(db: Db, chains: ChainRegistry, code: string, address: Address, now: Date): Promise<{ txHashes: string[] }> {
  const order = await checkoutOrderOf(db, chains, code, now);
  if (order.mode !== 'devnet' || order.family !== 'evm') throw conflict('api.faucetDevnetOnly');
  if (order.state !== 'pending' && order.state !== 'underpaid') throw conflict('api.faucetOrderClosed');
  // A chain added since the server started may have no devnet running yet: its first use starts it.
  const devnet = await chains.startedDevnetOf(order.chainId);
  const units = BigInt(order.amountUnits);
  const hashes = [(await devnet.fund(address, GAS_GIFT + (order.contractAddress ? 0n : units))).hash];
  if (order.contractAddress) hashes.push((await devnet.mint(order.contractAddress as Address, address, units)).hash);
  return { txHashes: hashes };
}

/** A TRON address nobody holds: the simulated payer (0x41 and 20 random bytes, in base58check). */
const simulatedPayer = () => bs58check.encode(Buffer.concat([Buffer.from([0x41]), randomBytes(20)]));

/**
 * Devnet mode, an order on a simulated network (TRON) only (docs/payments.md "Paying on the devnet"): a
 * payment of `amount` into the order's address from a made-up payer, booked exactly as the deposit
 * watcher books a transfer it read (bookTransfer: its `chain_transfer` row, then the order's own
 * booking), so parts make it underpaid, the one that completes it pays it, and more is its excess.
 * Its block is the simulated chain's head (0), its time the server's clock in a block's whole seconds.
 */
export async function simulatePayment(
  db: Db,
  chains: ChainRegistry,
  code: string,
  body: SimulatePaymentBody,
  now: Date,
): Promise<{ txHash: string }> {
  const order = await checkoutOrderOf(db, chains, code, now);
  if (chains.mode !== 'devnet') throw conflict('api.simulateDevnetOnly');
  if (!order.canSimulatePayment) throw conflict('api.simulateOnChain');
  const problem = amountProblem(body.amount, { decimals: order.decimals });
  if (problem) throw badRequest({ amount: problem });
  if (order.state !== 'pending' && order.state !== 'underpaid') throw conflict('api.simulateOrderClosed');
  const txHash = simulatedTxHash(order.family);
  await db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('paymentOrder')
      .innerJoin('chainWallet', (join) =>
        join.onRef('chainWallet.chainId', '=', 'paymentOrder.chainId').onRef('chainWallet.address', '=', 'paymentOrder.depositAddress'),
      )
      .select(['chainWallet.id as walletId', 'chainWallet.address', 'paymentOrder.currencyId'])
      .where('paymentOrder.checkoutCode', '=', code)
      .executeTakeFirstOrThrow(orderNotFound);
    // A transfer as an adapter answers one (its types are written for EVM; TRON's hash and addresses are kept as TRON writes them).
    await bookTransfer(
      trx,
      order.chainId,
      {
        txHash: txHash as Hex,
        logIndex: order.contractAddress ? 0 : -1,
        blockNumber: 0n,
        timestamp: BigInt(Math.ceil(now.getTime() / 1000)),
        from: simulatedPayer() as Address,
        to: found.address as Address,
        token: order.contractAddress as Address | null,
        amount: parseUnits(body.amount, order.decimals),
      },
      { id: found.walletId, address: found.address },
      { id: found.currencyId, decimals: order.decimals },
    );
  });
  return { txHash };
}
