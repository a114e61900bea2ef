import { encodeFunctionData, erc20Abi, numberToHex, type Address, type Hex } from 'viem';
import type { CheckoutOrder } from '../contract/schemas/checkout';

/**
 * "Pay with my browser wallet" on the checkout page (docs/payments.md "The checkout pages"): the browser's
 * EIP-1193 wallet (`window.ethereum`) is asked for an account, put on the order's chain and asked to
 * send exactly the order's `amountUnits` to its own deposit address. The page holds no key: the
 * wallet asks its owner before it sends.
 */

/** The part of EIP-1193 the page uses. */
export interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** The browser's wallet, or null when it has none. */
export function browserWallet(): Eip1193 | null {
  const candidate = (globalThis as { ethereum?: Partial<Eip1193> }).ethereum;
  return candidate && typeof candidate.request === 'function' ? (candidate as Eip1193) : null;
}

/** The transaction a wallet sends for an order (EIP-1193 `eth_sendTransaction`'s one parameter, less `from`). */
export interface PaymentTx {
  to: Address;
  value?: Hex;
  data?: Hex;
}

/**
 * Exactly `amountUnits`: a token's `transfer(depositAddress, amountUnits)` to its contract, or the
 * chain's own coin sent to the deposit address when the currency has no contract.
 */
export function paymentTx(order: Pick<CheckoutOrder, 'contractAddress' | 'depositAddress' | 'amountUnits'>): PaymentTx {
  const units = BigInt(order.amountUnits);
  if (order.contractAddress === null) return { to: order.depositAddress as Address, value: numberToHex(units) };
  return {
    to: order.contractAddress as Address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [order.depositAddress as Address, units] }),
  };
}

/** Why the wallet did not pay, said in words by the page (`checkout.wallet.failure.*`). */
export type WalletFailure = 'noWallet' | 'refused' | 'noAccount' | 'wrongChain' | 'failed';

export class WalletProblem extends Error {
  constructor(
    readonly failure: WalletFailure,
    /** The wallet's own message, shown after ours when it said one. */
    readonly detail = '',
  ) {
    super(failure);
  }
}

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;
const messageOf = (error: unknown): string => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : '';
};

/** Asks the wallet; its refusals become WalletProblems (EIP-1193's 4001: the owner said no). */
async function ask<T>(wallet: Eip1193, method: string, params: unknown[] | undefined, otherwise: WalletFailure = 'failed'): Promise<T> {
  try {
    return (await wallet.request(params ? { method, params } : { method })) as T;
  } catch (error) {
    throw new WalletProblem(codeOf(error) === 4001 ? 'refused' : otherwise, messageOf(error));
  }
}

/** The wallet's first account (it may ask its owner to connect). */
export async function connectWallet(wallet: Eip1193): Promise<Address> {
  const accounts = await ask<unknown>(wallet, 'eth_requestAccounts', undefined);
  const first = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof first !== 'string') throw new WalletProblem('noAccount');
  return first as Address;
}

/** What a wallet that does not know the chain is told to add (EIP-3085), when the page knows how to reach it. */
export interface ChainToAdd {
  chainName: string;
  rpcUrl: string;
  symbol: string;
}

/**
 * Puts the wallet on `chainId` (EIP-3326). A wallet that does not know the chain (4902) is offered
 * `add` (the devnet's own endpoint) when given; otherwise the payer is asked to switch themselves.
 */
export async function switchChain(wallet: Eip1193, chainId: number, add?: ChainToAdd): Promise<void> {
  const hex = numberToHex(chainId);
  try {
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: hex }] });
    return;
  } catch (error) {
    if (codeOf(error) === 4001) throw new WalletProblem('refused', messageOf(error));
    if (codeOf(error) !== 4902 || !add) throw new WalletProblem('wrongChain', messageOf(error));
  }
  await ask(
    wallet,
    'wallet_addEthereumChain',
    [
      {
        chainId: hex,
        chainName: add.chainName,
        rpcUrls: [add.rpcUrl],
        nativeCurrency: { name: add.symbol, symbol: add.symbol, decimals: 18 },
      },
    ],
    'wrongChain',
  );
}

/** Sends the order's payment from `from`; answers the transaction's hash. */
export async function sendPayment(wallet: Eip1193, from: Address, tx: PaymentTx): Promise<Hex> {
  const hash = await ask<unknown>(wallet, 'eth_sendTransaction', [{ from, ...tx }]);
  if (typeof hash !== 'string') throw new WalletProblem('failed');
  return hash as Hex;
}

/** The embedded devnet's JSON-RPC endpoint of a chain (server/modules/devnet/routes.ts). */
export const devnetRpcPath = (chainId: number) => `/devnet/${chainId}`;
