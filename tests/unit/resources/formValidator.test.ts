import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstance } from 'i18next';
import { chainBody } from '../../../src/contract/schemas/chain';
import { currencyBody } from '../../../src/contract/schemas/currency';
import { chainWalletBody } from '../../../src/contract/schemas/chainWallet';
import { createFormValidator, type Lookup } from '../../../src/resources/engine/formValidator';
import type { ResourceDefinition } from '../../../src/resources/engine';
import chain from '../../../src/resources/chain/resource';
import { defineResource } from '../../../src/resources/engine';
import currencyDeclaration from '../../../src/resources/currency/resource';
import chainWalletDeclaration from '../../../src/resources/chainWallet/resource';
import { startTestServer, type TestServer } from '../../api/harness';
import enApi from '../../../public/locales/en-US/api.json';
import zhApi from '../../../public/locales/zh-CN/api.json';
import { ApiPath } from '../../../src/contract/apiPaths';

const chainWallet = defineResource(chainWalletDeclaration);

/** The currencies screen (/currency), from its declaration. */
const currency = defineResource(currencyDeclaration);

/** The networks screen (/network), the `chain` declaration. */
const network = defineResource(chain);

/** The console's words: the same `api` files, through i18next as the app loads them. */
function translatorFor(lng: 'en-US' | 'zh-CN') {
  const i18n = createInstance();
  void i18n.init({
    lng,
    resources: { [lng]: { api: lng === 'en-US' ? enApi : zhApi } },
    ns: ['api'],
    defaultNS: 'api',
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initImmediate: false,
  });
  return (key: string, params?: Record<string, unknown>) => i18n.t(key, { defaultValue: key, ...params });
}

const chains = [
  { id: 1, chainId: 1, name: 'Ethereum', family: 'evm' },
  { id: 2, chainId: 728126428, name: 'TRON', family: 'tron' },
];
const currencies = [{ id: 5, symbol: 'USDT', chainId: 1, decimals: 6 }];
const lookup: Lookup = async (source) =>
  source.path === ApiPath.chain.list ? chains : source.path === ApiPath.currency.list ? currencies : [];

const validatorFor = (
  resource: ResourceDefinition,
  schema: Parameters<typeof createFormValidator>[0]['schema'],
  lng: 'en-US' | 'zh-CN' = 'en-US',
) => createFormValidator({ resource, mode: 'create', schema, translate: translatorFor(lng), lookup });

const goodChain = {
  chainId: 10,
  name: 'Optimism',
  family: 'evm',
  symbol: 'ETH',
  rpcUrl: 'https://mainnet.optimism.io',
  explorerUrl: 'https://optimistic.etherscan.io',
  confirmations: 12,
  isDefault: false,
  enabled: true,
};

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('superAdmin');
}, 120_000);
afterAll(() => server?.close());

describe('client validation is the server’s: same schema, same message, in both languages', () => {
  const cases: Array<{ bad: string; body: Record<string, unknown>; field: string }> = [
    { bad: 'an RPC URL that is not http(s)', body: { ...goodChain, rpcUrl: 'ftp://node' }, field: 'rpcUrl' },
    { bad: 'an empty name', body: { ...goodChain, name: '' }, field: 'name' },
    { bad: 'a lower-case symbol', body: { ...goodChain, symbol: 'eth' }, field: 'symbol' },
    { bad: 'negative confirmations', body: { ...goodChain, confirmations: -1 }, field: 'confirmations' },
    { bad: 'a fractional chain id', body: { ...goodChain, chainId: 1.5 }, field: 'chainId' },
    { bad: 'no chain id', body: { ...goodChain, chainId: null }, field: 'chainId' },
    { bad: 'an unknown family', body: { ...goodChain, family: 'btc' }, field: 'family' },
  ];
  for (const lng of ['en-US', 'zh-CN'] as const) {
    it.each(cases)(`${lng}: $bad`, async ({ body, field }) => {
      const answer = await server.call<Record<string, string>>('POST', ApiPath.chain.save, {
        token,
        body,
        headers: { 'accept-language': lng },
      });
      expect(answer.code).toBe(400);
      const errors = await validatorFor(network, chainBody, lng)(body);
      expect(errors[field]).toBeTruthy();
      expect(errors[field]).toBe(answer.data[field]);
    });
  }

  it('a valid body passes', async () => {
    expect(await validatorFor(network, chainBody)(goodChain)).toEqual({});
  });
});

describe('address fields: checked for the family of the form’s chain', () => {
  const goodCurrency = {
    symbol: 'USDT',
    name: 'Tether USD',
    chainId: 1,
    decimals: 6,
    legalTender: 'USD',
    minDeposit: '1',
    minWithdraw: '1',
    withdrawFee: '0',
    enabled: true,
  };
  const validateCurrency = validatorFor(currency, currencyBody);

  it.each([
    { address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', chainId: 1, message: undefined },
    { address: '0xdac17f958d2ee523a2206206994597c13d831ec7', chainId: 1, message: undefined },
    { address: '0xDAC17F958D2ee523a2206206994597C13D831ec7', chainId: 1, message: 'The address checksum is wrong (EIP-55 mixed case).' },
    { address: '0xdAC17F958D2ee523a2206206994597C13D831ec', chainId: 1, message: 'Not a valid EVM address.' },
    { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', chainId: 1, message: 'Not a valid EVM address.' },
    { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', chainId: 728126428, message: undefined },
    { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T', chainId: 728126428, message: 'Not a valid TRON address.' },
    { address: '', chainId: 1, message: undefined },
  ])('$address on chain $chainId → $message', async ({ address, chainId, message }) => {
    const errors = await validateCurrency({ ...goodCurrency, chainId, contractAddress: address });
    expect(errors.contractAddress).toBe(message);
  });

  it('the server refuses the same bad checksum with the same words', async () => {
    const body = { ...goodCurrency, symbol: 'XUSD', contractAddress: '0xDAC17F958D2ee523a2206206994597C13D831ec7' };
    const answer = await server.call<Record<string, string>>('POST', ApiPath.currency.save, { token, body });
    expect(answer.data.contractAddress).toBe((await validateCurrency(body)).contractAddress);
  });

  it('a required address in a fixed-family form (wallet) is required and checked', async () => {
    const wallet = { chainId: 1, orgId: 1, kind: 'Hot', label: 'x', signers: [] };
    const validateWallet = validatorFor(chainWallet, chainWalletBody);
    expect((await validateWallet({ ...wallet, address: '' })).address).toBe('Required.');
    expect((await validateWallet({ ...wallet, address: '0xDAC17F958D2ee523a2206206994597C13D831ec7' })).address).toBe(
      'The address checksum is wrong (EIP-55 mixed case).',
    );
  });
});

describe('amount fields: the precision of their currency', () => {
  it('a currency’s minimums may not be finer than its own decimals (field `decimals`)', async () => {
    const errors = await validatorFor(
      currency,
      currencyBody,
    )({
      symbol: 'USDT',
      name: 'Tether USD',
      chainId: 1,
      decimals: 2,
      legalTender: 'USD',
      minDeposit: '0.001',
      minWithdraw: '1',
      withdrawFee: '0',
      enabled: true,
    });
    expect(errors).toEqual({ minDeposit: 'At most 2 decimal places.' });
  });

  it('an amount of a referenced currency takes that currency’s decimals', async () => {
    const payment = {
      name: 'payment',
      route: { path: '/payment-test', group: 'all' },
      fields: [
        { source: 'currencyId', kind: 'reference', reference: 'currency', required: true },
        { source: 'amount', kind: 'amount', decimals: { currency: 'currencyId' }, required: true },
      ],
    } as unknown as ResourceDefinition;
    const validatePayment = createFormValidator({
      resource: { ...payment, idField: 'id' },
      mode: 'create',
      translate: translatorFor('en-US'),
      lookup,
    });
    expect(await validatePayment({ currencyId: 5, amount: '1.1234567' })).toEqual({ amount: 'At most 6 decimal places.' });
    expect(await validatePayment({ currencyId: 5, amount: '1.123456' })).toEqual({});
    expect(await validatePayment({ currencyId: 5 })).toEqual({ amount: 'Required.' });
  });
});
