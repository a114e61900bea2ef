import type { RoleMask } from './roleMask';
import { masks } from './masks';

/**
 * The 9 route guard groups, and two of single routes (docs/roles-and-routes.md). Here the tier groups and `agent` mean that
 * row alone (unlike the combined masks of the same names): the route table
 * gives /agent and /invitation to agents only, /merchant-pro to pro merchants only.
 * `operator` is the operator row alone in both readings.
 */
export const routeGroups = {
  all: masks.all,
  excludeLite: masks.excludeLite,
  excludeAgent: masks.excludeAgent,
  stdProOperator: masks.stdAndPro | masks.operator,
  merchantPro: masks.merchantProOnly,
  merchantStd: masks.merchantStdOnly,
  merchantLite: masks.merchantLiteOnly,
  operator: masks.operator,
  agent: masks.agentOnly,
  /** A tenth group: /audit-log, for the operator row and every org's manager (docs/DECISIONS.md "Audit trail"). */
  auditLog: masks.auditReaders,
  /** An eleventh: /api-key and /webhook, a merchant org's managers alone (docs/roles-and-routes.md "Merchant API keys", "Webhooks"). */
  merchantManagers: masks.merchantManagers,
} satisfies Record<string, RoleMask>;
export type RouteGroup = keyof typeof routeGroups;
