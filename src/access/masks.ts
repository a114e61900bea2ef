import { columnMask, combine, maskOf, rowMask, type RoleMask } from './roleMask';
import { ROLES, TenantType as T } from './roles';

const operatorRow = rowMask(T.operator);
const agentRow = rowMask(T.agent);
const proRow = rowMask(T.merchantPro);
const liteRow = rowMask(T.merchantLite);
const stdRow = rowMask(T.merchantStd);

/** The combined masks of SPEC A5. */
export const masks = {
  all: combine(operatorRow, agentRow, proRow, liteRow, stdRow),
  operator: operatorRow,
  /** agent + operator */
  agent: combine(agentRow, operatorRow),
  /** each tier: its own row + agent + operator */
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
  /** pro finance, every std role, every lite role */
  allowTransfer: combine(maskOf(ROLES.merchantProFinance), stdRow, liteRow),
  /** superAdmin and the pro, std and agent managers */
  coldAdmins: maskOf(ROLES.superAdmin, ROLES.merchantProManager, ROLES.merchantStdManager, ROLES.agentManager),
  merchantManagers: columnMask(0, [T.merchantPro, T.merchantLite, T.merchantStd]),
  allManagers: columnMask(0, [T.operator, T.agent, T.merchantPro, T.merchantLite, T.merchantStd]),
} satisfies Record<string, RoleMask>;
export type MaskName = keyof typeof masks;
