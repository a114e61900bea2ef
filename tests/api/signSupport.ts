import { startTestServer, type TestServer } from './harness';
import { postEntries } from '../../server/modules/ledger/post';
import { pollChain } from '../../server/modules/deposit/watcher';
import { GAS_QUOTES } from '../../server/modules/ledger/networkFee';
import type { ListResult } from '../../src/contract/envelope';
import type { ProposalDetail, ProposalRecord, SignLogListRecord } from '../../src/contract/schemas/sign';
import type { ProposalStatus } from '../../src/contract/contractKinds';
import { privateKeyToAccount } from 'viem/accounts';
import { formatUnits, getAddress, parseUnits } from 'viem';
import { demoSigningKey } from '../../src/contract/demoSigningKey';
import { typedDataFromWire } from '../../src/contract/typedDataWire';
import { approvalSignatures, type SigningRequest } from '../../src/contract/approvalSignatures';
import { ApiPath } from '../../src/contract/apiPaths';
import type { LedgerVerifyResult } from '../../src/contract/schemas/ledger';
import { demoEvmAddress } from '../../server/db/seed/wallets';

/** Calls of the multisig API as named demo users, shared by the sign test files. */
export function signClient(server: TestServer) {
  // The sessions are the server's test client's (tests/api/client.ts): one sign-in per account and server.
  const used = new Set<string>();
  const token = (account: string) => {
    used.add(account);
    return server.as(account).token();
  };
  return {
    token,
    /** After the clock moved past the session lifetime: sign everyone in again on first use. */
    forgetSessions: () => {
      for (const account of used) server.as(account).forgetSession();
    },
    /** Starts as the API alone takes it: on a Safe the proposer has not approved yet. */
    startUnsigned: async (account: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
      server.call<{ proposalId: number; nonce: number; status: ProposalStatus }>('POST', ApiPath.sign.start, {
        token: await token(account),
        body,
        headers,
      }),
    /**
     * Starts as the console does: on a Safe, a proposer who is a signer signs right after (starting is
     * not approving there, docs/chains.md "Proposals on Safes"); the answer's status is then the signed one.
     */
    start: async (account: string, body: Record<string, unknown>, headers?: Record<string, string>) => {
      const started = await server.call<{ proposalId: number; nonce: number; status: ProposalStatus }>('POST', ApiPath.sign.start, {
        token: await token(account),
        body,
        headers,
      });
      if (started.code !== 200) return started;
      const detail = await server.call<ProposalDetail>('GET', ApiPath.sign.detail, {
        token: await token(account),
        query: { proposalId: started.data.proposalId },
      });
      if (!detail.data.signing || !detail.data.myActions.includes('approval')) return started;
      const approved = await server.call<ProposalDetail>('POST', ApiPath.sign.approval, {
        token: await token(account),
        body: { proposalId: started.data.proposalId, comment: '', ...(await demoKeySignatures(account, detail.data.signing)) },
      });
      if (approved.code !== 200) throw new Error(`the proposer's signed approval failed: ${approved.msg}`);
      return { ...started, data: { ...started.data, status: approved.data.status } };
    },
    /** An action as the console sends it: on a Safe, an approval carries the signer's signature (their demo key). */
    act: async (account: string, action: 'approval' | 'confirm' | 'deny', proposalId: number, comment = '') => {
      const body: Record<string, unknown> = { proposalId, comment };
      if (action === 'approval') {
        const detail = await server.call<ProposalDetail>('GET', ApiPath.sign.detail, {
          token: await token(account),
          query: { proposalId },
        });
        if (detail.data?.signing) Object.assign(body, await demoKeySignatures(account, detail.data.signing));
      }
      return server.call<ProposalDetail>('POST', ApiPath.sign[action], { token: await token(account), body });
    },
    /** The demo signer's EIP-712 signature of a Safe proposal, as their browser makes it from the detail. */
    signature: async (signer: string, proposalId: number, reader = signer) => {
      const detail = await server.call<ProposalDetail>('GET', ApiPath.sign.detail, { token: await token(reader), query: { proposalId } });
      if (!detail.data.signing) throw new Error(`proposal ${proposalId} is on no Safe`);
      return privateKeyToAccount(demoSigningKey(signer)).signTypedData(typedDataFromWire(detail.data.signing.typedData) as never);
    },
    /**
     * An approval made ready to send: the detail is read and, on a Safe, signed now; the returned call
     * only posts it. Races start these together so both requests are in flight at once.
     */
    preparedApproval: async (account: string, proposalId: number, comment = '') => {
      const auth = await token(account);
      const detail = await server.call<ProposalDetail>('GET', ApiPath.sign.detail, { token: auth, query: { proposalId } });
      const body: Record<string, unknown> = { proposalId, comment };
      if (detail.data?.signing) Object.assign(body, await demoKeySignatures(account, detail.data.signing));
      return () => server.call<ProposalDetail>('POST', ApiPath.sign.approval, { token: auth, body });
    },
    /** An approval carrying a signature. */
    approveSigned: async (account: string, proposalId: number, signature: string, comment = '') =>
      server.call<ProposalDetail>('POST', ApiPath.sign.approval, { token: await token(account), body: { proposalId, comment, signature } }),
    detail: async (account: string, proposalId: number) =>
      server.call<ProposalDetail>('GET', ApiPath.sign.detail, { token: await token(account), query: { proposalId } }),
    list: async (account: string, query: Record<string, string | number | boolean> = {}, path: string = ApiPath.sign.list) =>
      server.call<ListResult<ProposalRecord>>('GET', path, { token: await token(account), query: { pageSize: 500, ...query } }),
    logs: async (account: string, query: Record<string, string | number> = {}) =>
      server.call<ListResult<SignLogListRecord>>('GET', ApiPath.sign.logList, {
        token: await token(account),
        query: { pageSize: 500, ...query },
      }),
  };
}

/** A demo signer's approval signatures of a Safe proposal, as their browser makes them (src/contract/approvalSignatures.ts). */
export const demoKeySignatures = (account: string, signing: SigningRequest) => {
  const key = privateKeyToAccount(demoSigningKey(account));
  return approvalSignatures((typed) => key.signTypedData(typed), signing);
};

/** Wallet ids of the demo seed by label (read straight from the database). */
export async function walletIdsByLabel(server: TestServer): Promise<Record<string, number>> {
  const rows = await server.app.context.db.selectFrom('chainWallet').select(['id', 'label']).execute();
  return Object.fromEntries(rows.map((r) => [r.label, r.id]));
}

/** Wallet addresses of the demo seed by label. */
export async function walletAddressesByLabel(server: TestServer): Promise<Record<string, string>> {
  const rows = await server.app.context.db.selectFrom('chainWallet').select(['label', 'address']).execute();
  return Object.fromEntries(rows.map((r) => [r.label, r.address]));
}

/** The stored balance of a wallet in a currency, as the decimal string the database holds. */
export async function balanceOf(server: TestServer, walletId: number, symbol: string): Promise<string> {
  const row = await server.app.context.db
    .selectFrom('walletBalance')
    .innerJoin('currency', 'currency.id', 'walletBalance.currencyId')
    .innerJoin('chainWallet', 'chainWallet.id', 'walletBalance.walletId')
    .select('walletBalance.amount')
    .where('walletBalance.walletId', '=', walletId)
    .where('currency.symbol', '=', symbol)
    .whereRef('currency.chainId', '=', 'chainWallet.chainId')
    .executeTakeFirst();
  return row?.amount ?? '0';
}

/** A decimal string in units of 10^-18, so amounts compare exactly (no JS float). */
export const units = (amount: string): bigint => {
  const negative = amount.startsWith('-');
  const [whole, fraction = ''] = amount.replace(/^-/, '').split('.');
  const value = BigInt(whole + fraction.padEnd(18, '0').slice(0, 18));
  return negative ? -value : value;
};

export const ETH_CHAIN = 1;
export const TRON_CHAIN = 728126428;

/** An org's first paid order on Ethereum, with its currency: the order a refund test refunds. */
export async function firstPaidOrder(server: TestServer, orgId: number) {
  return server.app.context.db
    .selectFrom('paymentOrder')
    .innerJoin('currency', 'currency.id', 'paymentOrder.currencyId')
    .select(['paymentOrder.orderNo', 'currency.symbol', 'currency.id as currencyId'])
    .where('paymentOrder.orgId', '=', orgId)
    .where('paymentOrder.chainId', '=', ETH_CHAIN)
    .where('paymentOrder.status', '=', 'paid')
    .orderBy('paymentOrder.id')
    .executeTakeFirstOrThrow();
}

/**
 * Funds a wallet the only way a balance changes: an opening ledger entry (the database then
 * moves the balance; a direct write to wallet_balance is refused). On an EVM chain the devnet
 * then holds it too (minted, or the native coin from the faucet), as a fresh devnet is made to hold
 * the books (server/chain/materialize.ts): the deposit watcher reads every block before that one,
 * then its cursor steps over it, so the opening money is not booked a second time as a deposit.
 */
export async function fund(server: TestServer, walletId: number, currencyId: number, amount: string): Promise<void> {
  const { db, chains } = server.app.context;
  await db
    .transaction()
    .execute((trx) => postEntries(trx, [{ walletId, currencyId, delta: amount, reason: 'initial credit', txHash: null, at: new Date() }]));
  const target = await db
    .selectFrom('chainWallet')
    .innerJoin('chain', 'chain.chainId', 'chainWallet.chainId')
    .innerJoin('currency', (join) => join.onRef('currency.chainId', '=', 'chain.chainId').on('currency.id', '=', currencyId))
    .select([
      'chain.chainId',
      'chain.family',
      'chain.confirmations',
      'chainWallet.address',
      'currency.contractAddress',
      'currency.decimals',
    ])
    .where('chainWallet.id', '=', walletId)
    .executeTakeFirstOrThrow();
  if (target.family !== 'evm' || !chains || chains.mode !== 'devnet') return;
  const devnet = await chains.devnetOf(target.chainId);
  const units = parseUnits(amount, target.decimals);
  const holder = getAddress(target.address);
  const sent =
    target.contractAddress === null
      ? await devnet.fund(holder, units)
      : await devnet.mint(getAddress(target.contractAddress), holder, units);
  const block = sent.receipt.blockNumber;
  // Each poll reads one more confirmed block (the devnet mines one while the opening money waits), up to the block before it.
  const cursor = async () =>
    BigInt(
      (await db.selectFrom('chainWatch').select('nextBlock').where('chainId', '=', target.chainId).executeTakeFirstOrThrow()).nextBlock,
    );
  for (let polls = 0; (await cursor()) < block && polls <= target.confirmations + 2; polls += 1)
    await pollChain(db, chains, target.chainId, new Date());
  const stepped = await db
    .updateTable('chainWatch')
    .set({ nextBlock: Number(block) + 1 })
    .where('chainId', '=', target.chainId)
    .where('nextBlock', '=', Number(block))
    .executeTakeFirst();
  if (stepped.numUpdatedRows !== 1n)
    throw new Error(`fund: the watcher of chain ${target.chainId} is at block ${await cursor()}, not at the opening money's ${block}`);
}

/** What the devnet says a wallet holds of a symbol on its chain, as a decimal string (the books' `balanceOf`, from the chain). */
export async function chainBalanceOf(server: TestServer, walletId: number, symbol: string): Promise<string> {
  const wallet = await server.app.context.db
    .selectFrom('chainWallet')
    .select(['chainId', 'address'])
    .where('id', '=', walletId)
    .executeTakeFirstOrThrow();
  return chainHoldingOf(server, wallet.chainId, wallet.address, symbol);
}

/** How many proposals a wallet has, whatever their state (each takes the next nonce). */
export const proposalCountOf = async (server: TestServer, walletId: number): Promise<number> =>
  Number(
    (
      await server.app.context.db
        .selectFrom('proposal')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('walletId', '=', walletId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A currency's contract (null: the chain's coin) and decimals, by chain and symbol. */
export const tokenOf = (server: TestServer, chainId: number, symbol: string) =>
  server.app.context.db
    .selectFrom('currency')
    .select(['contractAddress', 'decimals'])
    .where('chainId', '=', chainId)
    .where('symbol', '=', symbol)
    .executeTakeFirstOrThrow();

/** A decimal string of any address's holding on a chain (an outsider's, where the money went). */
export async function chainHoldingOf(server: TestServer, chainId: number, address: string, symbol: string): Promise<string> {
  const { db, chains } = server.app.context;
  const chain = await db
    .selectFrom('chain')
    .select(['chainId', 'family', 'rpcUrl'])
    .where('chainId', '=', chainId)
    .executeTakeFirstOrThrow();
  const currency = await tokenOf(server, chainId, symbol);
  if (!chains) throw new Error('the test server has no chains');
  return formatUnits(await (await chains.adapterFor(chain)).balanceOf(address, currency.contractAddress), currency.decimals);
}

/** The simulated network fee an Ethereum execution takes in ETH: moving ETH itself, or a contract call (a token, a governance change). */
export const ETH_GAS = GAS_QUOTES.evm.native;
export const TOKEN_GAS = GAS_QUOTES.evm.contract;

/** Units of 10^-18 back to a decimal string (the inverse of `units`). */
export const fromUnits = (value: bigint): string => {
  const negative = value < 0n;
  const text = (negative ? -value : value).toString().padStart(19, '0');
  const decimal = `${text.slice(0, -18)}.${text.slice(-18)}`.replace(/\.?0+$/, '');
  return negative ? `-${decimal}` : decimal;
};

/** The address of a demo signer's key (the seed registers it; their approvals on Safes recover to it). */
export const demoKeyAddress = (account: string): string => privateKeyToAccount(demoSigningKey(account)).address;

export type SignClient = ReturnType<typeof signClient>;

/** An outside address the Safe tests pay out to. */
export const RECIPIENT = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
/** A proposal body: `amount` ETH out of the wallet `walletId` to RECIPIENT. */
export const ethPayout = (walletId: number, amount: string) => ({
  walletId,
  kind: 'transfer',
  to: RECIPIENT,
  amount,
  symbol: 'ETH',
  memo: 'payout',
});

/**
 * A fresh server as the money tests start from: its sign client and the demo wallets' ids and
 * addresses by label (one set-up, not one per file).
 */
export async function startSignServer(options?: Parameters<typeof startTestServer>[0]) {
  const server = await startTestServer(options);
  return { server, sign: signClient(server), wallets: await walletIdsByLabel(server), addresses: await walletAddressesByLabel(server) };
}

/** The ledger's verification (docs/ledger.md "Verification") as the platform's admin reads it. */
export const verifyLedger = async (server: TestServer, client: SignClient): Promise<LedgerVerifyResult> =>
  (await server.call<LedgerVerifyResult>('GET', ApiPath.ledger.verify, { token: await client.token('superAdmin') })).data;

/** A currency's id by chain and symbol (the demo seed's, or one a test saved). */
export async function currencyIdOf(server: TestServer, chainId: number, symbol: string): Promise<number> {
  const row = await server.db
    .selectFrom('currency')
    .select('id')
    .where('chainId', '=', chainId)
    .where('symbol', '=', symbol)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The demo users' ids by account. */
export async function userIdsByAccount(server: TestServer): Promise<Record<string, number>> {
  const rows = await server.db.selectFrom('appUser').select(['id', 'account']).execute();
  return Object.fromEntries(rows.map((u) => [u.account, u.id]));
}

/**
 * A multisig wallet on Ethereum written straight into the tables, its signers in the order given:
 * for a wallet the API would not make (a kind another tier has, signers of the test's choosing).
 * Funded as `fund` does, one amount a symbol. Answers its id.
 */
export async function insertMultisig(
  server: TestServer,
  wallet: { orgId: number; kind: string; label: string; threshold: number; signers: string[]; funds?: Record<string, string> },
): Promise<number> {
  const { db } = server;
  const users = await userIdsByAccount(server);
  const { id: walletId } = await db
    .insertInto('chainWallet')
    .values({
      chainId: ETH_CHAIN,
      orgId: wallet.orgId,
      kind: wallet.kind,
      address: demoEvmAddress(wallet.label),
      label: wallet.label,
      threshold: wallet.threshold,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('walletSigner')
    .values(wallet.signers.map((account, position) => ({ walletId, userId: users[account], position })))
    .execute();
  for (const [symbol, amount] of Object.entries(wallet.funds ?? {}))
    await fund(server, walletId, await currencyIdOf(server, ETH_CHAIN, symbol), amount);
  return walletId;
}

/** The money a proposal moved: its ledger entries but the gas one, which every execution has (tests/api/ledger.test.ts). */
export const proposalLedger = (server: TestServer, proposalId: number) =>
  server.db.selectFrom('ledgerEntry').selectAll().where('proposalId', '=', proposalId).where('reason', '<>', 'gas').orderBy('id').execute();
