import type { Page } from 'playwright-core';
import { demoSigningKey } from '../../src/contract/demoSigningKey';
import { sealKey } from '../../src/signing/keyVault';
import { privateKeyToAccount } from 'viem/accounts';
import { approvalSignatures } from '../../src/contract/approvalSignatures';
import type { ProposalDetail } from '../../src/contract/schemas/sign';
import { apiAs } from './harness';
import type { FakeWallet, WalletReply } from '../support/fakeWallet';
import { ApiPath } from '../../src/contract/apiPaths';

/** The passphrase the e2e tests seal demo keys under. */
export const DEMO_PASSPHRASE = 'e2e demo passphrase';

/**
 * The account's demo key in the page's browser, sealed as /account seals it (docs/chains.md "The
 * console signs"), before any of the console's scripts run: for tests about what comes after. The
 * /account flow itself has its own test (multisig.test.ts).
 */
export async function holdDemoKey(page: Page, account: string): Promise<void> {
  const sealed = await sealKey(demoSigningKey(account), DEMO_PASSPHRASE);
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    `custody.signingKey.${account}`,
    JSON.stringify(sealed),
  ] as const);
}

/** In an open approval dialog of a Safe proposal: the passphrase, then the dialog's Approve. */
export async function signInDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Passphrase').fill(DEMO_PASSPHRASE);
  await dialog.getByRole('button', { name: 'Approve' }).click();
}

/**
 * A signer's approval through the API alone, as their browser sends it: the detail's Safe
 * transaction signed with their demo key (docs/chains.md "Proposals on Safes"). Answers the envelope.
 */
export async function approveWithDemoKey(
  baseUrl: string,
  account: string,
  proposalId: number,
): Promise<{ code: number; data: Record<string, unknown> }> {
  const call = await apiAs(baseUrl, account);
  const detail = (await call(`${ApiPath.sign.detail}?proposalId=${proposalId}`)).data as unknown as ProposalDetail;
  const key = privateKeyToAccount(demoSigningKey(account));
  const signed = detail.signing ? await approvalSignatures((typed) => key.signTypedData(typed), detail.signing) : {};
  return call(ApiPath.sign.approval, { proposalId, comment: '', ...signed });
}

/**
 * A browser wallet (EIP-1193 `window.ethereum`) in the page, before any of the console's scripts
 * run: the page's requests reach `wallet` in this process, which signs with its key as a wallet
 * extension would, and keeps a record of what it was asked.
 */
export async function installWallet(page: Page, wallet: FakeWallet): Promise<void> {
  await page.exposeFunction('__testWallet', (method: string, params: unknown[]) => wallet.answer(method, params));
  await page.addInitScript(() => {
    const page = window as unknown as { __testWallet(method: string, params: unknown[]): Promise<WalletReply>; ethereum: unknown };
    page.ethereum = {
      request: async ({ method, params }: { method: string; params?: unknown[] }) => {
        const reply = await page.__testWallet(method, params ?? []);
        if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
        return reply.result;
      },
    };
  });
}
