import { describe, expect, it } from 'vitest';
import { addDecimal, firstMatch, outcomeOf, ruleMatches, type OutflowFacts, type PolicyRule } from '../../../src/contract/policy';
import { compareDecimal } from '../../../src/contract/money';
import { policyRuleSchema, policySaveBody } from '../../../src/contract/schemas/policy';

const rule = (overrides: Partial<PolicyRule> = {}): PolicyRule => ({
  name: '',
  kinds: [],
  walletId: null,
  chainId: null,
  symbol: null,
  minAmount: null,
  destination: 'any',
  velocityLimit: null,
  action: 'block',
  approvals: null,
  ...overrides,
});
const facts = (overrides: Partial<OutflowFacts> = {}): OutflowFacts => ({
  kind: 'transfer',
  walletId: 7,
  chainId: 1,
  symbol: 'USDT',
  amount: '100',
  inBook: false,
  recentTotal: '0',
  ...overrides,
});

describe('decimal arithmetic of amounts (never floats)', () => {
  it.each([
    ['1', '1', 0],
    ['1.0', '1', 0],
    ['0.1', '0.09', 1],
    ['999999999999999999999999.000000000000000001', '999999999999999999999999', 1],
    ['10', '9.999999999999999999', 1],
    ['2', '10', -1],
  ])('compare %s with %s', (a, b, sign) => expect(compareDecimal(a, b)).toBe(sign));

  it.each([
    ['0', '0', '0'],
    ['0.1', '0.2', '0.3'],
    ['99.5', '0.5', '100'],
    ['123456789012345678901234567890', '0.000000000000000001', '123456789012345678901234567890.000000000000000001'],
  ])('%s + %s = %s', (a, b, sum) => expect(addDecimal(a, b)).toBe(sum));
});

describe('a rule matches when every condition it sets holds', () => {
  it.each<[string, Partial<PolicyRule>, Partial<OutflowFacts>, boolean]>([
    ['no condition', {}, {}, true],
    ['kind listed', { kinds: ['transfer', 'withdraw'] }, {}, true],
    ['kind not listed', { kinds: ['withdraw'] }, {}, false],
    ['its wallet', { walletId: 7 }, {}, true],
    ['another wallet', { walletId: 8 }, {}, false],
    ['its currency', { chainId: 1, symbol: 'USDT' }, {}, true],
    ['same symbol on another chain', { chainId: 56, symbol: 'USDT' }, {}, false],
    ['amount exactly at the minimum', { chainId: 1, symbol: 'USDT', minAmount: '100' }, {}, true],
    ['amount below the minimum', { chainId: 1, symbol: 'USDT', minAmount: '100.000001' }, {}, false],
    ['in the book, rule for the book', { destination: 'inBook' }, { inBook: true }, true],
    ['outside the book, rule for the book', { destination: 'inBook' }, {}, false],
    ['outside the book, rule for outside', { destination: 'notInBook' }, {}, true],
    ['in the book, rule for outside', { destination: 'notInBook' }, { inBook: true }, false],
    ['24 h total exactly at the limit', { chainId: 1, symbol: 'USDT', velocityLimit: '150' }, { recentTotal: '50' }, false],
    ['24 h total just above the limit', { chainId: 1, symbol: 'USDT', velocityLimit: '150' }, { recentTotal: '50.01' }, true],
  ])('%s', (_name, overrides, outflow, expected) => expect(ruleMatches(rule(overrides), facts(outflow))).toBe(expected));

  it('the first matching rule decides, numbered from 1; none: null', () => {
    const rules = [rule({ kinds: ['withdraw'] }), rule({ action: 'allow' }), rule()];
    expect(firstMatch(rules, facts())).toMatchObject({ position: 2, rule: { action: 'allow' } });
    expect(firstMatch([rule({ walletId: 1 })], facts())).toBeNull();
  });
});

describe('what a match asks of the outflow', () => {
  const match = (r: Partial<PolicyRule>) => ({ position: 1, rule: rule(r) });
  it.each([
    ['no match', null, 2, { kind: 'allow' }],
    ['allow', match({ action: 'allow' }), 2, { kind: 'allow' }],
    ['block', match({ action: 'block' }), 2, { kind: 'block' }],
    ['require raises', match({ action: 'require', approvals: 3 }), 2, { kind: 'approvals', threshold: 3 }],
    ['require never lowers', match({ action: 'require', approvals: 1 }), 2, { kind: 'approvals', threshold: 2 }],
    ['require more adds to the wallet’s', match({ action: 'requireMore', approvals: 1 }), 2, { kind: 'approvals', threshold: 3 }],
    [
      'require more out of a hot wallet: the starter counts as one',
      match({ action: 'requireMore', approvals: 1 }),
      null,
      { kind: 'approvals', threshold: 2 },
    ],
  ] as const)('%s', (_name, matched, base, outcome) => expect(outcomeOf(matched, base)).toEqual(outcome));
});

describe('the rule schema', () => {
  it('reads blanks as "no condition" and drops approvals where the action takes none', () => {
    const parsed = policyRuleSchema.parse({
      action: 'block',
      walletId: '',
      chainId: '',
      symbol: '',
      minAmount: '',
      velocityLimit: null,
      approvals: '3',
    });
    expect(parsed).toEqual(rule({ approvals: null }));
  });

  it('refuses an amount without its currency, a currency without its chain, and require without approvals', () => {
    const issues = (input: object) => policyRuleSchema.safeParse(input).error?.issues.map((i) => i.path.join('.'));
    expect(issues({ action: 'block', minAmount: '10' })).toEqual(['symbol']);
    expect(issues({ action: 'block', symbol: 'USDT' })).toEqual(['chainId']);
    expect(issues({ action: 'require' })).toEqual(['approvals']);
    expect(issues({ action: 'requireMore', approvals: 0 })).toEqual(['approvals']);
    expect(policySaveBody.safeParse({ rules: [], delayHours: 721 }).success).toBe(false);
    expect(policySaveBody.safeParse({ rules: Array.from({ length: 51 }, () => ({ action: 'allow' })), delayHours: 1 }).success).toBe(false);
  });
});
