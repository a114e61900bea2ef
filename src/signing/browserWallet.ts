import {
  BaseError,
  createWalletClient,
  custom,
  getAddress,
  type Address,
  type EIP1193Provider,
  type Hex,
  type TypedDataDefinition,
} from 'viem';

/**
 * The browser's own wallet (EIP-1193, `window.ethereum`: MetaMask, Rabby, a hardware wallet's
 * bridge), as a signer may choose it on /account instead of a key kept by the console
 * (docs/chains.md "The console signs"). The wallet holds the key and asks its owner before each
 * signature; the console only asks it, through viem's wallet client.
 */

/** Why the browser wallet did not sign; the console says it in words (`multisig.signing.*`). */
export type WalletFailure = 'noWallet' | 'walletRefused' | 'walletAccount' | 'walletFailed';

export class WalletProblem extends Error {
  constructor(readonly failure: WalletFailure) {
    super(failure);
  }
}

/** The wallet the browser offers, or null when it has none. */
export function browserWallet(): EIP1193Provider | null {
  const candidate = (globalThis as { ethereum?: Partial<EIP1193Provider> }).ethereum;
  return candidate && typeof candidate.request === 'function' ? (candidate as EIP1193Provider) : null;
}

/** EIP-1193's 4001: the wallet's owner said no. viem wraps the provider's error; its chain is walked. */
const refused = (error: unknown): boolean =>
  (error as { code?: unknown }).code === 4001 ||
  (error instanceof BaseError && error.walk((inner) => (inner as { code?: unknown }).code === 4001) !== null);

async function asked<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof WalletProblem) throw error;
    throw new WalletProblem(refused(error) ? 'walletRefused' : 'walletFailed');
  }
}

export interface WalletSigner {
  address: Address;
  signMessage(message: string): Promise<Hex>;
  signTypedData(typedData: never): Promise<Hex>;
}

/**
 * A signer through the browser's wallet: asks it for its accounts (the wallet may ask its owner
 * to connect) and signs with `expected` when given — WalletProblem('walletAccount') when the wallet
 * does not offer it (another account selected) — or else with the first it offers.
 * A signature the owner declines is never asked again: the transport does not retry.
 */
export async function walletSigner(expected?: string): Promise<WalletSigner> {
  const provider = browserWallet();
  if (!provider) throw new WalletProblem('noWallet');
  const client = createWalletClient({ transport: custom(provider, { retryCount: 0 }) });
  const offered = await asked(() => client.requestAddresses());
  const address = expected ? offered.find((a) => a.toLowerCase() === expected.toLowerCase()) : offered[0];
  if (!address) throw new WalletProblem(expected ? 'walletAccount' : 'walletFailed');
  const account = getAddress(address);
  return {
    address: account,
    signMessage: (message) => asked(() => client.signMessage({ account, message })),
    signTypedData: (typedData) => asked(() => client.signTypedData({ account, ...(typedData as TypedDataDefinition) })),
  };
}
