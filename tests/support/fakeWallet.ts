import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { typedDataFromWire, type TypedDataWire } from '../../src/contract/typedDataWire';

/** A wallet's answer as EIP-1193 shapes it: a result, or an error with its code (4001: the owner declined). */
export interface WalletReply {
  result?: unknown;
  error?: { code: number; message: string };
}

/**
 * A browser wallet (EIP-1193) in a test: it holds a key (its owner may switch to another account),
 * answers what the console asks of a wallet, records every request, and declines to sign when its
 * owner would. Unit tests use it as `window.ethereum` in this process (`provider`); e2e tests
 * expose `answer` to the page (tests/e2e/signingKeys.ts `installWallet`).
 */
export class FakeWallet {
  readonly requests: Array<{ method: string; params: unknown[] }> = [];
  /** The owner says no to every signature while set. */
  declining = false;

  constructor(private key: Hex) {}

  get address(): Hex {
    return privateKeyToAccount(this.key).address;
  }

  /** The owner selects another account in the wallet. */
  switchTo(key: Hex): void {
    this.key = key;
  }

  signatureRequests(): number {
    return this.requests.filter((r) => r.method === 'personal_sign' || r.method === 'eth_signTypedData_v4').length;
  }

  async answer(method: string, params: unknown[] = []): Promise<WalletReply> {
    this.requests.push({ method, params });
    const account = privateKeyToAccount(this.key);
    const declined = { error: { code: 4001, message: 'User rejected the request.' } };
    const notThisAccount = (address: unknown) => String(address).toLowerCase() !== account.address.toLowerCase();
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return { result: [account.address] };
      case 'personal_sign':
        if (this.declining) return declined;
        if (notThisAccount(params[1])) return { error: { code: 4100, message: 'The requested account has not been authorized.' } };
        return { result: await account.signMessage({ message: { raw: params[0] as Hex } }) };
      case 'eth_signTypedData_v4':
        if (this.declining) return declined;
        if (notThisAccount(params[0])) return { error: { code: 4100, message: 'The requested account has not been authorized.' } };
        return { result: await account.signTypedData(typedDataFromWire(JSON.parse(params[1] as string) as TypedDataWire) as never) };
      default:
        return { error: { code: 4200, message: `The wallet does not support ${method}.` } };
    }
  }

  /** As an EIP-1193 provider in this process. */
  provider(): { request(args: { method: string; params?: unknown[] }): Promise<unknown> } {
    return {
      request: async ({ method, params }) => {
        const reply = await this.answer(method, params ?? []);
        if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
        return reply.result;
      },
    };
  }
}
