import { maskHas, combine, maskOf, type RoleMask } from './roleMask';
import { masks } from './masks';
import { routeGroups } from './routeGroups';
import { ROLES } from './roles';
import { ROUTES, type RoutePath } from './routeTable';

/**
 * The roles of a route of the table, as an access mask: an endpoint that exists for one screen
 * only (the sign log, for /multisig) is open to exactly the roles that may open that screen.
 */
export function routeMask(path: RoutePath): RoleMask {
  const route = ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`'${path}' is not in the route table`);
  return routeGroups[route.group];
}

/**
 * The one access table (docs/roles-and-routes.md "One access table"): every named action a role
 * may or may not do beyond opening a route, with the roles allowed. The server's routes name the
 * action they serve (`access: 'order.recheck'`, server/http/route.ts), services ask `may`, and
 * the console asks the same names before it offers a button, so why a button is missing and why
 * the API refuses are read in one place. Record rules (another org's wallet, a link of another
 * merchant) come on top, in the resource's own service and declaration.
 */

/** A merchant's people who handle its money: its managers and the finance staff of the tiers that have one. */
const MERCHANT_MONEY_STAFF = combine(masks.merchantManagers, maskOf(ROLES.merchantProFinance, ROLES.merchantStdFinance));
/** Money paid out of a merchant (withdraw, refund): its money staff, and superAdmin for the operator's own wallets. */
const PAYOUT_WRITERS = combine(MERCHANT_MONEY_STAFF, maskOf(ROLES.superAdmin));
const TRANSFER_WRITERS = combine(masks.allowTransfer, masks.coldAdmins);
const SUPPLY_WRITERS = masks.coldAdmins & routeGroups.stdProOperator;

export const ACTIONS = {
  /** Any role of an org: its own account, keys and two-factor, the dashboard, proposals (their own rules inside). */
  member: masks.all,

  /** Reference data: networks and currencies, and the contract addresses per chain; every role reads networks and currencies. */
  'reference.read': masks.all,
  'reference.write': masks.operator,
  'contractAddress.read': masks.excludeAgent,
  'contractAddress.write': masks.operator,
  /** Wallets: the operator row for any org it sees, otherwise an org's managers for their own org (src/contract/walletWriteRule.ts). */
  'wallet.write': combine(masks.operator, masks.allManagers),
  /** Cold wallets need more: superAdmin and the pro, std and agent managers. */
  'coldWallet.write': masks.coldAdmins,

  /**
   * Money movements, per kind. A transfer out of a cold wallet needs the cold starters, out of any
   * other `wallet.transferOut`, so both may open the form. Supply moves cold funds, on a route of
   * std and pro merchants and the operator: coldAdmins within that group.
   */
  'transfer.create': TRANSFER_WRITERS,
  'withdraw.create': PAYOUT_WRITERS,
  'refund.create': PAYOUT_WRITERS,
  'supply.create': SUPPLY_WRITERS,
  /** Any of the kinds: who may open a movement form or start a proposal at all (the kind's own action decides). */
  'movement.start': combine(TRANSFER_WRITERS, PAYOUT_WRITERS, SUPPLY_WRITERS),
  /** Each kind's list: the guard group of its route. */
  'transfer.read': routeGroups.all,
  'withdraw.read': routeGroups.all,
  'refund.read': routeGroups.all,
  'supply.read': routeGroups.stdProOperator,
  /** A transfer out of a wallet that is not cold. */
  'wallet.transferOut': masks.allowTransfer,
  /** Money out of a cold wallet (a movement or a proposal's start). */
  'coldWallet.moveOut': masks.coldAdmins,
  /**
   * Money out of the lite tier's multisig cold wallet: also the lite manager, since no cold admin
   * belongs to a lite org (docs/DECISIONS.md "Lite signers and the lite cold wallet"). Its
   * signers still approve every outflow.
   */
  'liteColdWallet.moveOut': combine(masks.coldAdmins, maskOf(ROLES.merchantLiteManager)),

  /** Pay links: a merchant's money staff, for their own org (everyone but agents reads them). */
  'payLink.read': routeGroups.excludeAgent,
  'payLink.write': MERCHANT_MONEY_STAFF,
  /**
   * Invitation codes: agent managers issue and withdraw them; the agent row reads them. The operator's
   * superAdmin issues them too, for a merchant directly under the operator: on a platform started with
   * nothing seeded no agent exists yet (docs/DECISIONS.md "The first operator").
   */
  'invitation.read': routeGroups.agent,
  'invitation.issue': combine(maskOf(ROLES.agentManager), maskOf(ROLES.superAdmin)),
  /** Members of an org and its saved addresses: every role reads, its managers change them. */
  'member.manage': masks.allManagers,
  'addressBook.write': masks.allManagers,
  /** A merchant org's API keys (the merchant API, /api/v1): its managers alone list, create and revoke them. */
  'apiKey.manage': masks.merchantManagers,
  /** A merchant org's webhook endpoints (docs/webhooks.md): its managers alone, as its API keys. */
  'webhook.manage': masks.merchantManagers,
  /** An org's policy and whether it requires a second factor: its managers. */
  'policy.edit': masks.allManagers,
  'orgTwoFactor.manage': masks.allManagers,
  /** The platform's brand: the operator row. */
  'brand.edit': masks.operator,

  /**
   * Order repair: everyone but agents looks an order up; the operator row re-credits by hand (the
   * platform answers for the money); the operator and a merchant's money staff re-check on chain
   * (their own org's orders): a re-check only reads the chain and can only complete a payment
   * that really arrived, so the people who chase their payments may.
   */
  'order.lookup': routeGroups.excludeAgent,
  'order.recredit': masks.operator,
  /** Collecting what arrived at a merchant's order addresses into its hot wallet (docs/payments.md "Collecting order payments"). */
  'order.sweep': MERCHANT_MONEY_STAFF,
  /** Paying an overpaid order's excess back to its payer (docs/payments.md "Refunding an overpaid order's excess"): the same people. */
  'order.refund': MERCHANT_MONEY_STAFF,
  'order.recheck': combine(masks.operator, MERCHANT_MONEY_STAFF),
  /** The books' and the audit trail's checks, and the audit log itself. */
  'ledger.verify': masks.operator,
  'auditLog.read': masks.auditReaders,
  'auditLog.verify': masks.operator,
  'assetFlow.read': routeGroups.excludeAgent,
  /**
   * The sign log across proposals (`/sys/sign/log/list` and its export): the roles that open
   * /multisig, where it is shown, and no other (docs/console.md "Sign log and waiting proposals").
   * A lite signer reads a proposal's own log on its page.
   */
  'signLog.read': routeMask('/multisig'),
} as const satisfies Record<string, RoleMask>;

export type ActionName = keyof typeof ACTIONS;

export const isActionName = (value: unknown): value is ActionName => typeof value === 'string' && Object.hasOwn(ACTIONS, value);

/** May this role do this named action? Pure: the role held in memory, never the network. */
export const may = (roleIndex: number | null | undefined, action: ActionName): boolean => maskHas(ACTIONS[action], roleIndex);

/**
 * Who may read and who may write each resource the API serves with list / detail / save /
 * update / delete. The server registers each action with its mask (server/http/crudRoutes.ts), and
 * the console's declaration offers an action only to the roles of its mask. An action without a
 * mask does not exist.
 */
export interface ResourceAccess {
  read: RoleMask;
  create?: RoleMask;
  edit?: RoleMask;
  delete?: RoleMask;
}

export const RESOURCE_ACCESS = {
  org: { read: ACTIONS.member },
} as const satisfies Record<string, ResourceAccess>;
