import type { SigningKeyRegisterBody, SigningKeyState } from '../contract/schemas/signingKey';
import { ApiPath, withId } from '../contract/apiPaths';
import type { ListResult } from '../contract/envelope';
import type { AccountProfile, AccountSession, AccountPasswordBody, AccountUpdateBody } from '../contract/schemas/account';
import type { AuditVerifyResult } from '../contract/schemas/auditLog';
import type { SessionInfo } from '../contract/schemas/auth';
import type { DashboardData } from '../contract/schemas/dashboard';
import type { LedgerVerifyResult } from '../contract/schemas/ledger';
import type { MemberInvitationRecord, MemberInviteBody } from '../contract/schemas/member';
import type { OrderRepairView, RecheckView, RecreditBody } from '../contract/schemas/orderRepair';
import type { SweepPendingView, SweepRunView } from '../contract/schemas/orderSweep';
import type { RefundRunBody, RefundView } from '../contract/schemas/orderRefund';
import type { PolicyDetail, PolicyEvaluation } from '../contract/schemas/policy';
import type { GasReportTotal, OrderDetailView, OrderReportTotal, OrderTotalsAnswer } from '../contract/schemas/report';
import type { BrandConfig, BrandUploadResult, StoredBrand } from '../contract/schemas/brand';
import type { ProposalDetail } from '../contract/schemas/sign';
import type { FailingWebhook, WebhookDeliveryRecord, WebhookRecord } from '../contract/schemas/webhook';
import type { NotificationList, NotificationUnread } from '../contract/schemas/notification';
import type { MovementQuote } from '../contract/schemas/movement';
import type { OrgTwoFactor, StepUpResult, TwoFactorEnrolment, TwoFactorRecoveryCodes, TwoFactorState } from '../contract/schemas/twoFactor';
import type { ProposalAction } from '../contract/proposalMachine';
import type { HttpClient, QueryParams } from './httpClient';
import { CHAIN_CHOICES_QUERY, type ChainChoice } from './chainChoices';

export type { ChainChoice } from './chainChoices';

/** An approval's signatures on a Safe: at its own nonce, and at each lower one it may end up at. */
export interface ApprovalSignatures {
  signature: string;
  lowerSignatures: Record<string, string>;
}

/** What every read takes: react-query's signal, so a screen that is gone cancels its call. */
export interface Cancellable {
  signal?: AbortSignal;
}

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
    accountTwoFactor: (params: Cancellable = {}) => get<TwoFactorState>(ApiPath.account.twoFactor.state, undefined, params),
    startTwoFactor: () => post<TwoFactorEnrolment>(ApiPath.account.twoFactor.start),
    confirmTwoFactor: (body: { code: string }) => post<TwoFactorRecoveryCodes>(ApiPath.account.twoFactor.confirm, body),
    disableTwoFactor: (body: { password: string; code: string }) => post<unknown>(ApiPath.account.twoFactor.disable, body),
    stepUp: (body: { code: string }) => post<StepUpResult>(ApiPath.account.twoFactor.stepUp, body),
    accountSessions: (params: Cancellable = {}) => get<ListResult<AccountSession>>(ApiPath.account.sessionList, undefined, params),
    revokeSession: ({ id }: { id: number | string }) => post<unknown>(withId(ApiPath.account.sessionDelete, id)),
    updateProfile: (body: AccountUpdateBody) => post<AccountProfile>(ApiPath.account.update, body),
    changePassword: (body: Pick<AccountPasswordBody, 'currentPassword' | 'newPassword'>) => post<unknown>(ApiPath.account.password, body),
    /** A code issued to another account is a 403 on the code: it lands on the input, the user stays signed in. */
    joinOrg: (body: { invitationCode: string }) =>
      http.request<SessionInfo>('POST', ApiPath.auth.join, { body, forbiddenNamesInput: true }),

    // The selected org.
    orgTwoFactor: (params: Cancellable = {}) => get<OrgTwoFactor>(ApiPath.org.twoFactor, undefined, params),
    setOrgTwoFactor: (body: { required: boolean }) => post<OrgTwoFactor>(ApiPath.org.twoFactor, body),
    memberRoles: (params: Cancellable = {}) => get<{ list: RoleChoice[] }>(ApiPath.member.roles, undefined, params),
    memberInvitations: (params: Cancellable = {}) =>
      get<{ list: MemberInvitationRecord[] }>(ApiPath.member.invitationList, { status: 'open', pageSize: 100 }, params),
    inviteMember: (body: Omit<MemberInviteBody, 'validDays'> & Partial<Pick<MemberInviteBody, 'validDays'>>) =>
      post<MemberInvitationRecord>(ApiPath.member.invite, body),
    withdrawInvitation: ({ id }: { id: number }) => post<unknown>(withId(ApiPath.member.invitationDelete, id)),
    // A webhook endpoint's show page (/webhook): its latest deliveries, and a new secret shown once.
    webhookDeliveries: (id: number, params: Cancellable = {}) =>
      get<{ list: WebhookDeliveryRecord[] }>(ApiPath.webhook.deliveries, { id }, params),
    rotateWebhookSecret: ({ id }: { id: number }) => post<WebhookRecord>(withId(ApiPath.webhook.rotate, id)),
    resendWebhookDelivery: ({ id }: { id: number }) => post<WebhookDeliveryRecord>(withId(ApiPath.webhook.resend, id)),
    sendWebhookTest: ({ id }: { id: number }) => post<WebhookDeliveryRecord>(withId(ApiPath.webhook.test, id)),

    // The shell.
    // The app bar's bell (docs/webhooks.md "Notifications in the app bar"): the caller's own notices.
    notifications: (params: Cancellable = {}) => get<NotificationList>(ApiPath.notification.list, undefined, params),
    readNotification: ({ id }: { id: number }) => post<NotificationUnread>(withId(ApiPath.notification.read, id)),
    readAllNotifications: () => post<NotificationUnread>(ApiPath.notification.readAll),
    chainChoices: (params: Cancellable = {}) => get<ListResult<ChainChoice>>(ApiPath.chain.list, { ...CHAIN_CHOICES_QUERY }, params),
    uploadBrandImage: (form: FormData) => post<BrandUploadResult>(ApiPath.brand.upload, form),
    saveBrand: (brand: BrandConfig) => post<StoredBrand>(ApiPath.brand.update, brand),

    // /home.
    dashboard: ({ days, signal }: { days: number } & Cancellable) => get<DashboardData>(ApiPath.dashboard, { days }, { signal }),
    failingWebhooks: (params: Cancellable = {}) => get<{ list: FailingWebhook[] }>(ApiPath.webhook.failing, undefined, params),

    // /policy.
    policy: (params: Cancellable = {}) => get<PolicyDetail>(ApiPath.policy.detail, undefined, params),
    savePolicy: (body: { rules: unknown[]; delayHours: string | number }) => post<PolicyDetail>(ApiPath.policy.save, body),
    evaluatePolicy: ({ signal, ...query }: Record<string, string> & Cancellable) =>
      get<PolicyEvaluation>(ApiPath.policy.evaluate, query, { signal }),

    // Integrity checks of the audit log and the ledger.
    auditVerify: (params: Cancellable = {}) => get<AuditVerifyResult>(ApiPath.auditLog.verify, undefined, params),
    ledgerVerify: (params: Cancellable = {}) => get<LedgerVerifyResult>(ApiPath.ledger.verify, undefined, params),

    // Reports.
    reportTotals: ({ kind, filter, signal }: { kind: ReportTotalsKind; filter: QueryParams } & Cancellable) =>
      get<ReportTotals>(ApiPath.report[kind].totals, filter, { signal }),
    orderDetail: ({ id, signal }: { id: number | string } & Cancellable) => get<OrderDetailView>(ApiPath.report.order, { id }, { signal }),

    // /order-repair.
    repairOrder: ({ q, signal }: { q: string } & Cancellable) => get<OrderRepairView>(ApiPath.orderRepair.order, { q }, { signal }),
    recreditOrder: (body: RecreditBody) => post<OrderRepairView>(ApiPath.orderRepair.recredit, body),
    recheckOrder: (body: { orderId: number }) => post<RecheckView>(ApiPath.orderRepair.recheck, body),

    // Collecting order payments (/aggregate).
    sweepPending: (params: Cancellable = {}) => get<SweepPendingView>(ApiPath.orderSweep.pending, undefined, params),
    sweepRun: (body: { chainId: number }) => post<SweepRunView>(ApiPath.orderSweep.run, body),

    // Refunding an overpaid order's excess (/order-repair).
    refundOrder: ({ orderId, signal }: { orderId: number } & Cancellable) =>
      get<RefundView | null>(ApiPath.orderRefund.order, { orderId }, { signal }),
    refundRun: (body: RefundRunBody) => post<RefundView>(ApiPath.orderRefund.run, body),

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
    signingKeyState: (params: Cancellable = {}) => get<SigningKeyState>(ApiPath.account.signingKey.state, undefined, params),
    registerSigningKey: (body: SigningKeyRegisterBody) => post<SigningKeyState>(ApiPath.account.signingKey.register, body),
  };
}

export type ConsoleMethods = ReturnType<typeof createConsoleMethods>;
