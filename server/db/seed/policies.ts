import type { DemoSeed } from './demoSeed';
import { demoEvmAddress, demoTronAddress } from './wallets';
import { insertPolicyVersion } from '../../modules/policy/versions';
import type { PolicyRule } from '../../../src/contract/policy';

const DAY_MS = 24 * 3_600_000;
const TRON = 728126428;

/** Delta Exchange's treasury limit: no more than 100,000 USDT out of one TRON wallet a day. */
const DELTA_RULES: PolicyRule[] = [
  {
    name: 'Daily treasury limit',
    kinds: [],
    walletId: null,
    chainId: TRON,
    symbol: 'USDT',
    minAmount: null,
    destination: 'any',
    velocityLimit: '100000',
    action: 'block',
    approvals: null,
  },
];

/**
 * The demo's address books (Aurora's partners, Delta's exchange hot wallet), in force since
 * yesterday, and Delta's policy. Other demo orgs keep no rules, as orgs that existed before
 * policies did (docs/DECISIONS.md "Transaction policy").
 */
export async function seedPolicies({ trx, orgIds, userIds }: DemoSeed, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - DAY_MS);
  await trx
    .insertInto('addressBookEntry')
    .values([
      {
        orgId: orgIds.proA,
        chainId: 1,
        address: demoEvmAddress('aurora supplier'),
        label: 'Supplier — Northwind',
        memo: 'Monthly invoices',
        activeFrom: since,
        createdBy: userIds.merchantProManager,
        createdAt: since,
      },
      {
        orgId: orgIds.proA,
        chainId: 1,
        address: demoEvmAddress('aurora payroll'),
        label: 'Payroll provider',
        memo: '',
        activeFrom: since,
        createdBy: userIds.merchantProManager,
        createdAt: since,
      },
      {
        orgId: orgIds.proDirect,
        chainId: TRON,
        address: demoTronAddress('delta exchange hot'),
        label: 'Exchange hot wallet',
        memo: '',
        activeFrom: since,
        createdBy: userIds.multiOrg,
        createdAt: since,
      },
    ])
    .execute();
  await insertPolicyVersion(trx, {
    orgId: orgIds.proDirect,
    rules: DELTA_RULES,
    delayHours: 24,
    activeFrom: since,
    createdBy: userIds.multiOrg,
    at: since,
  });
}
