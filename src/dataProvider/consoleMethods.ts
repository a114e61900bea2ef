import type { SigningKeyRegisterBody } from '../contract/schemas/signingKey';
import { ApiPath } from '../contract/apiPaths';
import type { ListResult } from '../contract/envelope';
import type { AccountPasswordBody, AccountUpdateBody } from '../contract/schemas/account';
import type { AuditVerifyResult } from '../contract/schemas/auditLog';
import type { MemberInvitationRecord, MemberInviteBody } from '../contract/schemas/member';
import type { RecreditBody } from '../contract/schemas/orderRepair';
import type { PolicyDetail, PolicyEvaluation } from '../contract/schemas/policy';
import type { GasReportTotal, OrderReportTotal, OrderTotalsAnswer } from '../contract/schemas/report';
import type { BrandConfig, BrandUploadResult } from '../contract/schemas/brand';
import type { ProposalDetail } from '../contract/schemas/sign';
import type { MovementQuote } from '../contract/schemas/movement';
import { twoFactorVerbs } from '../contract/verbs/twoFactor';
import { callVerb } from './verbCall';
import { accountVerbs } from '../contract/verbs/account';
import { authVerbs } from '../contract/verbs/auth';
import { brandVerbs } from '../contract/verbs/brand';
import { dashboardVerbs } from '../contract/verbs/dashboard';
import { ledgerVerbs } from '../contract/verbs/ledger';
import { memberVerbs } from '../contract/verbs/member';
import { orderRepairVerbs } from '../contract/verbs/orderRepair';
import { policyVerbs } from '../contract/verbs/policy';
import { reportVerbs } from '../contract/verbs/report';
import { signingKeyVerbs } from '../contract/verbs/signingKey';
import type { ProposalAction } from '../contract/proposalMachine';
import type { HttpClient, QueryParams } from './httpClient';
import type { ChainRef } from '../session/selection';

/** What every read takes: react-query's signal, so a screen that is gone cancels its call. */
/** An approval's signatures on a Safe: at its own nonce, and at each lower one it may end up at. */
export interface ApprovalSignatures {
  signature: string;
  lowerSignatures: Record<string, string>;
}

export interface Cancellable {
  signal?: AbortSignal;
}

/** A chain as the chain selector lists it: the session's ChainRef. */
export type ChainChoice = ChainRef;

export interface RoleChoice {
  roleLevel: number;
  roleLabel: string;
}

/** The reports with totals (ApiPath.report.<kind>.totals). */
export type ReportTotalsKind = 'payment' | 'linkpay' | 'recharge' | 'gas';

/** An order report's totals (`broad`: the search matches too many orders to total) or the gas report's. */
export type ReportTotals = Omit<OrderTotalsAnswer, 'list'> & { list: Array<OrderReportTotal | GasReportTotal> };

const PROPOSAL_ACTION_PATHS: Record<ProposalAction, string> = {
  approval: ApiPath.sign.approval,
  deny: ApiPath.sign.deny,
  confirm: ApiPath.sign.confirm,
};

/** The chain selector's one page: every chain the org sees, by chain ID. */
export const CHAIN_CHOICES_QUERY = { page: 1, pageSize: 500, sort: 'chainId', order: 'asc' } as const;

/**
 * The calls of the console's own screens that are not a resource's CRUD (docs/DECISIONS.md
 * "Screens read through the dataProvider"): extra methods of the dataProvider, reached with
 * `useDataProvider<ConsoleDataProvider>()` and run by react-query. Reads take the query's
 * `signal`; every path comes from ApiPath.
 */
export function createConsoleMethods(http: HttpClient) {
  const get = <T>(path: string, query: QueryParams | undefined, { signal }: Cancellable = {}) =>
    http.request<T>('GET', path, { query, signal });
  const post = <T>(path: string, body?: unknown, { signal }: Cancellable = {}) => http.request<T>('POST', path, { body, signal });

  return {
    // The signed-in account (/account).
    accountTwoFactor: (params: Cancellable = {}) => callVerb(http, twoFactorVerbs.state, undefined, params),
    startTwoFactor: () => callVerb(http, twoFactorVerbs.start),
    confirmTwoFactor: (body: { code: string }) => callVerb(http, twoFactorVerbs.confirm, body),
    disableTwoFactor: (body: { password: string; code: string }) => callVerb(http, twoFactorVerbs.disable, body),
    stepUp: (body: { code: string }) => callVerb(http, twoFactorVerbs.stepUp, body),
    accountSessions: (params: Cancellable = {}) => callVerb(http, accountVerbs.sessions, undefined, params),
    revokeSession: ({ id }: { id: number | string }) => callVerb(http, accountVerbs.revokeSession, undefined, { id }),
    updateProfile: (body: AccountUpdateBody) => callVerb(http, accountVerbs.update, body),
    changePassword: (body: Pick<AccountPasswordBody, 'currentPassword' | 'newPassword'>) => post<unknown>(ApiPath.account.password, body),
    /** A code issued to another account is a 403 on the code: it lands on the input, the user stays signed in. */
    joinOrg: (body: { invitationCode: string }) => callVerb(http, authVerbs.join, body, { forbiddenNamesInput: true }),

    // The selected org.
    orgTwoFactor: (params: Cancellable = {}) => callVerb(http, twoFactorVerbs.orgState, undefined, params),
    setOrgTwoFactor: (body: { required: boolean }) => callVerb(http, twoFactorVerbs.setOrgState, body),
    memberRoles: (params: Cancellable = {}) => callVerb(http, memberVerbs.roles, {}, params),
    memberInvitations: (params: Cancellable = {}) =>
      get<{ list: MemberInvitationRecord[] }>(ApiPath.member.invitationList, { status: 'open', pageSize: 100 }, params),
    inviteMember: (body: Omit<MemberInviteBody, 'validDays'> & Partial<Pick<MemberInviteBody, 'validDays'>>) =>
      post<MemberInvitationRecord>(ApiPath.member.invite, body),
    withdrawInvitation: ({ id }: { id: number }) => callVerb(http, memberVerbs.withdrawInvitation, undefined, { id }),

    // The shell.
    chainChoices: (params: Cancellable = {}) => get<ListResult<ChainChoice>>(ApiPath.chain.list, { ...CHAIN_CHOICES_QUERY }, params),
    uploadBrandImage: (form: FormData) => post<BrandUploadResult>(ApiPath.brand.upload, form),
    saveBrand: (brand: BrandConfig) => callVerb(http, brandVerbs.update, brand),

    // /home.
    dashboard: ({ days, signal }: { days: number } & Cancellable) => callVerb(http, dashboardVerbs.volume, { days }, { signal }),

    // /policy.
    policy: (params: Cancellable = {}) => callVerb(http, policyVerbs.detail, undefined, params),
    savePolicy: (body: { rules: unknown[]; delayHours: string | number }) => post<PolicyDetail>(ApiPath.policy.save, body),
    evaluatePolicy: ({ signal, ...query }: Record<string, string> & Cancellable) =>
      get<PolicyEvaluation>(ApiPath.policy.evaluate, query, { signal }),

    // Integrity checks of the audit log and the ledger.
    auditVerify: (params: Cancellable = {}) => get<AuditVerifyResult>(ApiPath.auditLog.verify, undefined, params),
    ledgerVerify: (params: Cancellable = {}) => callVerb(http, ledgerVerbs.verify, undefined, params),

    // Reports.
    reportTotals: ({ kind, filter, signal }: { kind: ReportTotalsKind; filter: QueryParams } & Cancellable) =>
      get<ReportTotals>(ApiPath.report[kind].totals, filter, { signal }),
    orderDetail: ({ id, signal }: { id: number | string } & Cancellable) =>
      callVerb(http, reportVerbs.order, { id: String(id) }, { signal }),

    // /order-repair.
    repairOrder: ({ q, signal }: { q: string } & Cancellable) => callVerb(http, orderRepairVerbs.order, { q }, { signal }),
    recreditOrder: (body: RecreditBody) => callVerb(http, orderRepairVerbs.recredit, body),
    recheckOrder: (body: { orderId: number }) => callVerb(http, orderRepairVerbs.recheck, body),

    // Money movement forms: the wallet's spendable balance and the fee, before saving.
    movementQuote: ({ signal, ...query }: { kind: string; walletId: number; symbol: string } & Cancellable) =>
      get<MovementQuote>(ApiPath.movement.quote, query, { signal }),

    // Multisig proposals.
    /** `signed`: the approver's EIP-712 signatures of a Safe proposal (docs/chains.md "Proposals on Safes"). */
    proposalAction: ({
      action,
      proposalId,
      comment,
      signed,
    }: {
      action: ProposalAction;
      proposalId: number;
      comment: string;
      signed?: ApprovalSignatures;
    }) =>
      post<ProposalDetail>(
        PROPOSAL_ACTION_PATHS[action],
        signed === undefined ? { proposalId, comment } : { proposalId, comment, ...signed },
      ),
    // The caller's signing key (docs/chains.md "Signers' keys").
    signingKeyState: (params: Cancellable = {}) => callVerb(http, signingKeyVerbs.state, undefined, params),
    registerSigningKey: (body: SigningKeyRegisterBody) => callVerb(http, signingKeyVerbs.register, body),
  };
}

export type ConsoleMethods = ReturnType<typeof createConsoleMethods>;
