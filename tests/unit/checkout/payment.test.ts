import { decodeFunctionData, erc20Abi, hexToBigInt } from 'viem';
import { describe, expect, it } from 'vitest';
import { payLinkAmountProblem } from '../../../src/checkout/amount';
import { WalletProblem, connectWallet, paymentTx, sendPayment, switchChain, type Eip1193 } from '../../../src/checkout/payment';

const deposit = '0x1111111111111111111111111111111111111111';
const usdt = '0x2222222222222222222222222222222222222222';

/** A wallet answering from a table; every request recorded. */
function wallet(answers: Record<string, (params: unknown[]) => unknown>) {
  const requests: Array<{ method: string; params?: unknown[] }> = [];
  const provider: Eip1193 = {
    request: async ({ method, params }) => {
      requests.push({ method, params });
      const answer = answers[method];
      if (!answer) throw Object.assign(new Error(`no ${method}`), { code: 4200 });
      return answer(params ?? []);
    },
  };
  return { provider, requests };
}
const failing =
  (code: number, message = 'no') =>
  () => {
    throw Object.assign(new Error(message), { code });
  };

describe('the payment a wallet sends (src/checkout/payment.ts)', () => {
  it('a token: transfer(depositAddress, amountUnits) to its contract, no value', () => {
    const tx = paymentTx({ contractAddress: usdt, depositAddress: deposit, amountUnits: '12500000' });
    expect(tx.to).toBe(usdt);
    expect(tx.value).toBeUndefined();
    const call = decodeFunctionData({ abi: erc20Abi, data: tx.data! });
    expect(call.functionName).toBe('transfer');
    expect(call.args).toEqual([deposit, 12_500_000n]);
  });

  it("the chain's own coin: exactly amountUnits as the value to the deposit address, with no rounding", () => {
    const tx = paymentTx({ contractAddress: null, depositAddress: deposit, amountUnits: '1234567890123456789' });
    expect(tx).toEqual({ to: deposit, value: '0x112210f47de98115' });
    expect(hexToBigInt(tx.value!)).toBe(1_234_567_890_123_456_789n);
  });

  it('asks for the account, switches the chain in hex and sends from that account', async () => {
    const { provider, requests } = wallet({
      eth_requestAccounts: () => [deposit.replace(/1/g, '3')],
      wallet_switchEthereumChain: () => null,
      eth_sendTransaction: () => '0xabc',
    });
    const from = await connectWallet(provider);
    await switchChain(provider, 900_000_001);
    const tx = paymentTx({ contractAddress: usdt, depositAddress: deposit, amountUnits: '5' });
    expect(await sendPayment(provider, from, tx)).toBe('0xabc');
    expect(requests.map((r) => r.method)).toEqual(['eth_requestAccounts', 'wallet_switchEthereumChain', 'eth_sendTransaction']);
    expect(requests[1].params).toEqual([{ chainId: '0x35a4e901' }]);
    expect(requests[2].params).toEqual([{ from, ...tx }]);
  });

  it('a wallet that does not know the chain (4902) is offered the devnet; without one to offer the payer is told to switch', async () => {
    const { provider, requests } = wallet({ wallet_switchEthereumChain: failing(4902), wallet_addEthereumChain: () => null });
    await switchChain(provider, 900_000_001, { chainName: 'Ethereum', rpcUrl: 'http://localhost/devnet/1', symbol: 'ETH' });
    expect(requests[1]).toMatchObject({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0x35a4e901', rpcUrls: ['http://localhost/devnet/1'] }],
    });
    await expect(switchChain(provider, 1)).rejects.toMatchObject({ failure: 'wrongChain' });
  });

  it("the owner's refusal (4001) is told apart from other failures, with the wallet's own words kept", async () => {
    const declined = wallet({ eth_requestAccounts: failing(4001, 'User rejected the request.') }).provider;
    await expect(connectWallet(declined)).rejects.toBeInstanceOf(WalletProblem);
    await expect(connectWallet(declined)).rejects.toMatchObject({ failure: 'refused' });
    await expect(connectWallet(declined)).rejects.toMatchObject({ detail: 'User rejected the request.' });
    const broken = wallet({ eth_requestAccounts: () => [], eth_sendTransaction: failing(-32000, 'insufficient funds') }).provider;
    await expect(connectWallet(broken)).rejects.toMatchObject({ failure: 'noAccount' });
    await expect(sendPayment(broken, deposit, { to: deposit })).rejects.toMatchObject({ failure: 'failed', detail: 'insufficient funds' });
  });
});

describe("a pay link's amount, checked as the server checks it", () => {
  it.each([
    ['', 'validation.required'],
    ['abc', 'validation.amount'],
    ['-1', 'validation.amount'],
    ['0', 'validation.amount'],
    ['1e3', 'validation.amount'],
    ['1.234', 'validation.amountDecimals'],
  ])('%j is refused (%s)', (value, key) => {
    expect(payLinkAmountProblem(value, 2)?.key).toBe(key);
  });
  it('the currency decimals decide, trailing zeros add none', () => {
    expect(payLinkAmountProblem('1.234', 2)?.params).toEqual({ decimals: 2 });
    expect(payLinkAmountProblem('12.50', 2)).toBeNull();
    expect(payLinkAmountProblem('12.500000', 6)).toBeNull();
    expect(payLinkAmountProblem('0.1234567', 6)?.key).toBe('validation.amountDecimals');
  });
});
