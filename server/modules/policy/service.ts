import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import { ApiError, badRequest } from '../../http/apiError';
import { BodyCode } from '../../../src/contract/envelope';
import type { FieldMessages } from '../../../src/contract/validation';
import { isMultiSigKind } from '../../../src/contract/contractKinds';
import { checkAddress, type ChainFamily } from '../../../src/contract/address';
import { amountProblem } from '../../../src/contract/money';
import type { PolicyRule } from '../../../src/contract/policy';
import type {
  PolicyDetail,
  PolicyEvaluateQuery,
  PolicyEvaluation,
  PolicySaveBody,
  PolicyVersion,
} from '../../../src/contract/schemas/policy';
import { effectiveFrom, insertPolicyVersion, pendingPolicy, policyInForce, type StoredPolicy } from './versions';
import { judgeOutflow } from './evaluate';
import { currencyOnChain } from '../ledger/currencyOnChain';

async function accountsOf(db: Db, ids: Array<number | null>): Promise<Map<number, string>> {
  const wanted = ids.filter((id): id is number => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('appUser').select(['id', 'account']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.account]));
}

const versionOf = (policy: StoredPolicy, accounts: Map<number, string>): PolicyVersion => ({
  id: policy.id,
  rules: policy.rules,
  delayHours: policy.delayHours,
  activeFrom: policy.activeFrom?.toISOString() ?? null,
  createdBy: policy.createdBy === null ? null : (accounts.get(policy.createdBy) ?? null),
});

/** GET /sys/policy/detail: the selected org's policy in force and its pending change. */
export async function policyDetail(db: Db, caller: Caller, now: Date, defaultDelayHours: number): Promise<PolicyDetail> {
  const orgId = caller.org.orgId;
  const active = await policyInForce(db, orgId, now, defaultDelayHours);
  const pending = await pendingPolicy(db, orgId, now);
  const accounts = await accountsOf(db, [active.createdBy, pending?.createdBy ?? null]);
  const wallets = await db
    .selectFrom('chainWallet')
    .select(['id', 'label', 'chainId'])
    .where('orgId', '=', orgId)
    .orderBy('label')
    .execute();
  return {
    orgId,
    orgName: caller.org.orgName,
    active: versionOf(active, accounts),
    pending: pending ? versionOf(pending, accounts) : null,
    wallets,
  };
}

/** The wallets and currencies the rules name exist, and the wallets are the org's own. */
async function checkRuleReferences(db: Db, orgId: number, rules: readonly PolicyRule[]): Promise<void> {
  const errors: FieldMessages = {};
  for (const [index, rule] of rules.entries()) {
    if (rule.walletId !== null) {
      const wallet = await db
        .selectFrom('chainWallet')
        .select('chainId')
        .where('id', '=', rule.walletId)
        .where('orgId', '=', orgId)
        .executeTakeFirst();
      if (!wallet) errors[`rules.${index}.walletId`] = { key: 'validation.walletOfSelectedOrg' };
      else if (rule.chainId !== null && rule.chainId !== wallet.chainId)
        errors[`rules.${index}.chainId`] = { key: 'validation.policyWalletChain' };
    }
    if (rule.chainId !== null && rule.symbol !== null) {
      const currency = await currencyOnChain(db, rule.chainId, rule.symbol).select('decimals').executeTakeFirst();
      if (!currency) {
        errors[`rules.${index}.symbol`] = { key: 'validation.unknownReference' };
        continue;
      }
      for (const field of ['minAmount', 'velocityLimit'] as const) {
        const problem = rule[field] === null ? null : amountProblem(rule[field], { decimals: currency.decimals });
        if (problem) errors[`rules.${index}.${field}`] = problem;
      }
    }
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

/**
 * POST /sys/policy/save (managers): the whole rule list and delay as a new version, in force
 * after the delay in force now — a stolen manager account cannot loosen the rules (nor shorten
 * the delay) and move money before the org sees it. The org row is locked so two saves queue.
 */
export async function savePolicy(
  db: Db,
  caller: Caller,
  body: PolicySaveBody,
  now: Date,
  defaultDelayHours: number,
): Promise<PolicyDetail> {
  const orgId = caller.org.orgId;
  await checkRuleReferences(db, orgId, body.rules);
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('org').select('id').where('id', '=', orgId).forUpdate().execute();
    const activeFrom = await effectiveFrom(trx, orgId, now, defaultDelayHours);
    await insertPolicyVersion(trx, {
      orgId,
      rules: body.rules,
      delayHours: body.delayHours,
      activeFrom,
      createdBy: caller.userId,
      at: now,
    });
  });
  return policyDetail(db, caller, now, defaultDelayHours);
}

/**
 * GET /sys/policy/evaluate: which rule would decide this outflow, now and under the pending
 * change — nothing is recorded and no balance is checked. The wallet must be the selected org's.
 */
export async function evaluatePolicy(db: Db, caller: Caller, query: PolicyEvaluateQuery, now: Date): Promise<PolicyEvaluation> {
  const wallet = await db
    .selectFrom('chainWallet')
    .innerJoin('chain', 'chain.chainId', 'chainWallet.chainId')
    .select(['chainWallet.id', 'chainWallet.orgId', 'chainWallet.chainId', 'chainWallet.label', 'chainWallet.threshold'])
    .select(['chainWallet.kind', 'chain.family'])
    .where('chainWallet.id', '=', query.walletId)
    .where('chainWallet.orgId', '=', caller.org.orgId)
    .executeTakeFirst();
  if (!wallet) throw new ApiError(BodyCode.notFound, 'api.walletNotFound');
  const currency = await currencyOnChain(db, wallet.chainId, query.symbol).select(['id', 'decimals']).executeTakeFirst();
  if (!currency) throw badRequest({ symbol: { key: 'validation.unknownReference' } });
  const amountIssue = amountProblem(query.amount, { decimals: currency.decimals });
  if (amountIssue) throw badRequest({ amount: amountIssue });
  const to = checkAddress(wallet.family as ChainFamily, query.to);
  if (!to.ok) throw badRequest({ to: to.problem });
  const outflow = {
    kind: query.kind,
    wallet: { ...wallet, multisig: isMultiSigKind(wallet.kind) && wallet.threshold !== null },
    currencyId: currency.id,
    symbol: query.symbol,
    amount: query.amount,
    to: to.address,
  };
  const nowVerdict = await judgeOutflow(db, await policyInForce(db, wallet.orgId, now), outflow, now);
  const pending = await pendingPolicy(db, wallet.orgId, now);
  const pendingVerdict = pending?.activeFrom
    ? { ...(await judgeOutflow(db, pending, outflow, pending.activeFrom)), activeFrom: pending.activeFrom.toISOString() }
    : null;
  return { now: nowVerdict, pending: pendingVerdict };
}
