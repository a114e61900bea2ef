import { columnMask, combine, maskOf, rowMask, type RoleMask } from './roleMask';
import { ROLES, TENANT_ROWS, TenantType as T } from './roles';

const operatorRow = rowMask(T.operator);
const agentRow = rowMask(T.agent);
const proRow = rowMask(T.merchantPro);
const liteRow = rowMask(T.merchantLite);
const stdRow = rowMask(T.merchantStd);

/**
 * The combined masks (docs/roles-and-routes.md), used as action masks (who may create, edit, delete…)
 * by the console and the server alike.
 *
 * These readings were chosen where the names alone leave room:
 * - A row takes all 6 columns, named or not, so a role level added later
 *   inherits its row's rights; `all` is the five used rows, never the unused row 2.
 * - `agent` and the tier names (`merchantPro`…) are the wide masks here: own row +
 *   agent + operator, i.e. everyone above in the org tree. The route guard groups of
 *   the same names mean the row alone (see routeGroups.ts); the `…Only` masks are
 *   those rows alone.
 * - "excluding agent" / "excluding lite" keep the operator row.
 * - allowTransfer: "all std, all lite" are whole rows, but on the pro row only Finance.
 * - coldAdmins leaves the lite manager out: it holds only the pro, std and agent
 *   managers besides superAdmin.
 * - merchantManagers includes the lite manager (column 0 of rows 3, 4, 5);
 *   allManagers is column 0 of the used rows only (row 2 holds no role).
 */
export const masks = {
  all: combine(operatorRow, agentRow, proRow, liteRow, stdRow),
  operator: operatorRow,
  agent: combine(agentRow, operatorRow),
  merchantPro: combine(proRow, agentRow, operatorRow),
  merchantLite: combine(liteRow, agentRow, operatorRow),
  merchantStd: combine(stdRow, agentRow, operatorRow),
  excludeAgent: combine(operatorRow, proRow, liteRow, stdRow),
  excludeLite: combine(operatorRow, agentRow, proRow, stdRow),
  agentOnly: agentRow,
  allMerchants: combine(proRow, liteRow, stdRow),
  merchantProOnly: proRow,
  merchantLiteOnly: liteRow,
  merchantStdOnly: stdRow,
  stdAndPro: combine(proRow, stdRow),
  allowTransfer: combine(maskOf(ROLES.merchantProFinance), stdRow, liteRow),
  coldAdmins: maskOf(ROLES.superAdmin, ROLES.merchantProManager, ROLES.merchantStdManager, ROLES.agentManager),
  merchantManagers: columnMask(0, [T.merchantPro, T.merchantLite, T.merchantStd]),
  allManagers: columnMask(0, TENANT_ROWS),
  /** /audit-log (docs/DECISIONS.md "Audit trail"): the whole operator row and every org's manager. */
  auditReaders: combine(operatorRow, columnMask(0, TENANT_ROWS)),
} satisfies Record<string, RoleMask>;
export type MaskName = keyof typeof masks;
