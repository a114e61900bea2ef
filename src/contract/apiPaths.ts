/**
 * Every API path, once, for console and server alike (paths are relative to `/api`).
 * Resources follow one pattern (docs/api.md "Paths"); `resourcePaths` builds it so a declaration
 * overrides only what differs.
 */
export interface ResourcePaths {
  list: string;
  /** The whole filtered list as a CSV stream, where the server offers one (docs/DECISIONS.md "Export"). */
  export?: string;
  detail: string;
  save: string;
  update: string;
  /** Path with `{id}` placeholder, e.g. `/sys/currency/delete/{id}`. */
  delete: string;
}

/**
 * The paths keep their literal types (`'/sys/chain/list'`), so a resource's paths tell it from
 * another's at compile time (the API tests' client types each answer by them).
 */
export const resourcePaths = <N extends string, B extends string = `/sys/${N}`>(name: N, base?: B) => {
  const root = (base ?? `/sys/${name}`) as B;
  return {
    list: `${root}/list`,
    detail: `${root}/detail`,
    save: `${root}/save`,
    update: `${root}/update`,
    delete: `${root}/delete/{id}`,
  } as const satisfies ResourcePaths;
};

export const withId = (path: string, id: string | number): string => path.replace('{id}', encodeURIComponent(String(id)));

export const ApiPath = {
  auth: {
    login: '/sys/auth/login',
    logout: '/sys/auth/logout',
    me: '/sys/auth/me',
    signup: '/sys/auth/signup',
    join: '/sys/auth/join',
  },
  account: {
    update: '/sys/account/update',
    password: '/sys/account/password',
    sessionList: '/sys/account/session/list',
    sessionDelete: '/sys/account/session/delete/{id}',
    /** The caller's second factor (docs/DECISIONS.md "Two-factor authentication and step-up"). */
    twoFactor: {
      state: '/sys/account/two-factor',
      start: '/sys/account/two-factor/start',
      confirm: '/sys/account/two-factor/confirm',
      disable: '/sys/account/two-factor/disable',
      stepUp: '/sys/account/two-factor/step-up',
    },
    /** The caller's signing key (docs/chains.md "Signers' keys"). */
    signingKey: {
      state: '/sys/account/signing-key',
      register: '/sys/account/signing-key/register',
    },
  },
  brand: {
    get: '/sys/config/brand',
    update: '/sys/config/brand/update',
    upload: '/sys/config/brand/upload',
  },
  chain: resourcePaths('chain'),
  currency: {
    ...resourcePaths('currency'),
    legalTenderList: '/sys/currency/legalTender/list',
    symbolAvailable: '/sys/currency/symbol/available',
  },
  chainWallet: resourcePaths('chain-wallet'),
  contractAddress: resourcePaths('contract-address'),
  /** `twoFactor`: GET whether the selected org requires enrolment, POST to set it (managers). */
  org: { ...resourcePaths('org'), twoFactor: '/sys/org/two-factor' },
  member: {
    ...resourcePaths('member'),
    roles: '/sys/member/roles',
    invite: '/sys/member/invite',
    invitationList: '/sys/member/invitation/list',
    invitationDelete: '/sys/member/invitation/delete/{id}',
  },
  invitation: resourcePaths('invitation'),
  assetFlow: { ...resourcePaths('asset-flow'), export: '/sys/asset-flow/export' },
  ledger: { verify: '/sys/ledger/verify' },
  auditLog: { list: '/sys/audit-log/list', detail: '/sys/audit-log/detail', verify: '/sys/audit/verify', export: '/sys/audit-log/export' },
  payLink: resourcePaths('pay-link'),
  movement: {
    list: '/sys/movement/list',
    detail: '/sys/movement/detail',
    save: '/sys/movement/save',
    export: '/sys/movement/export',
    quote: '/sys/movement/quote',
  },
  orderSweep: { pending: '/sys/order-sweep/pending', run: '/sys/order-sweep/run' },
  orderRefund: { order: '/sys/order-refund/order', run: '/sys/order-refund/run' },
  orderRepair: { order: '/sys/order-repair/order', recredit: '/sys/order-repair/recredit', recheck: '/sys/order-repair/recheck' },
  report: {
    payment: { list: '/sys/report/payment/list', totals: '/sys/report/payment/totals', export: '/sys/report/payment/export' },
    linkpay: { list: '/sys/report/linkpay/list', totals: '/sys/report/linkpay/totals', export: '/sys/report/linkpay/export' },
    recharge: { list: '/sys/report/recharge/list', totals: '/sys/report/recharge/totals', export: '/sys/report/recharge/export' },
    gas: { list: '/sys/report/gas/list', totals: '/sys/report/gas/totals', export: '/sys/report/gas/export' },
    /** One order of any order report, with its payments on chain, repairs and ledger entries. */
    order: '/sys/report/order/detail',
  },
  sign: {
    list: '/sys/sign/list',
    transferList: '/sys/sign/list/transferProposal',
    detail: '/sys/sign/detail',
    start: '/sys/sign/start',
    approval: '/sys/sign/approval',
    confirm: '/sys/sign/confirm',
    deny: '/sys/sign/deny',
    logList: '/sys/sign/log/list',
    logExport: '/sys/sign/log/export',
  },
  /** The selected org's transaction policy (docs/DECISIONS.md "Transaction policy"). */
  policy: { detail: '/sys/policy/detail', save: '/sys/policy/save', evaluate: '/sys/policy/evaluate' },
  addressBook: resourcePaths('address-book'),
  /** A merchant org's API keys (docs/api.md "Merchant API keys"): no update; a key is revoked, never deleted. */
  apiKey: {
    list: '/sys/api-key/list',
    detail: '/sys/api-key/detail',
    save: '/sys/api-key/save',
    revoke: '/sys/api-key/revoke/{id}',
  },
  /** A merchant org's webhook endpoints (docs/webhooks.md): its secret rotates; its deliveries are its log. */
  webhook: {
    ...resourcePaths('webhook'),
    rotate: '/sys/webhook/rotate/{id}',
    deliveries: '/sys/webhook/deliveries',
    /** A delivery (by its id) sent again, with its webhook-id. */
    resend: '/sys/webhook/resend/{id}',
    /** A test event to one endpoint (by its id). */
    test: '/sys/webhook/test/{id}',
    /** /home: the selected org's failing endpoints, for its managers. */
    failing: '/sys/webhook/failing',
  },
  /** The caller's notices in the app bar (docs/webhooks.md "Notifications in the app bar"): their own only. */
  notification: {
    list: '/sys/notification/list',
    read: '/sys/notification/read/{id}',
    readAll: '/sys/notification/read-all',
  },
  dashboard: '/sys/dashboard',
  /** The merchant API (docs/payments.md): called with an API key, never a console session. */
  merchant: { orders: '/v1/orders', order: '/v1/orders/{id}' },
  /** The public checkout (docs/payments.md "Checkout"): no sign-in, by the order's or the link's code. */
  checkout: {
    order: '/v1/checkout/{code}',
    faucet: '/v1/checkout/{code}/faucet',
    simulatePayment: '/v1/checkout/{code}/simulate-payment',
    payLink: '/v1/pay/{code}',
    payLinkOrder: '/v1/pay/{code}/order',
  },
  /** For load balancers, no sign-in: the process is up; the instance may take traffic. */
  health: { live: '/health/live', ready: '/health/ready' },
} as const;
