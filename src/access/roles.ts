import { bitIndex, COLUMNS } from './roleMask';

/** Tenant types and their row in the role matrix (docs/roles-and-routes.md); row 2 is unused. */
export const TenantType = { operator: 0, agent: 1, merchantPro: 3, merchantLite: 4, merchantStd: 5 } as const;
export type TenantTypeName = keyof typeof TenantType;
/** A tenant type as the API carries it (`tenantType` of an org membership): its row number. */
export type TenantType = (typeof TenantType)[TenantTypeName];
export const TENANT_ROWS: readonly TenantType[] = [0, 1, 3, 4, 5];

/** Row → name, the reverse of `TenantType`; spelt out so row 2 stays visibly absent. */
const TENANT_TYPE_NAMES: Readonly<Record<TenantType, TenantTypeName>> = {
  0: 'operator',
  1: 'agent',
  3: 'merchantPro',
  4: 'merchantLite',
  5: 'merchantStd',
};

/** The name of a tenant row; undefined for row 2 and anything out of range, which the API must never send. */
export const tenantTypeName = (tenantType: number): TenantTypeName | undefined => TENANT_TYPE_NAMES[tenantType as TenantType];

/** The 12 named roles at their cells. */
export const ROLES = {
  superAdmin: bitIndex(0, 0),
  operatorEmployee: bitIndex(0, 1),
  agentManager: bitIndex(1, 0),
  agentEmployee: bitIndex(1, 1),
  merchantProManager: bitIndex(3, 0),
  merchantProFinance: bitIndex(3, 1),
  merchantProEmployee: bitIndex(3, 2),
  merchantLiteManager: bitIndex(4, 0),
  merchantLiteEmployee: bitIndex(4, 1),
  merchantStdManager: bitIndex(5, 0),
  merchantStdFinance: bitIndex(5, 1),
  merchantStdEmployee: bitIndex(5, 2),
} as const;
export type RoleName = keyof typeof ROLES;
export const ROLE_NAMES = Object.keys(ROLES) as RoleName[];

export const roleIndexOf = (name: RoleName): number => ROLES[name];
export const roleNameOf = (index: number): RoleName | undefined => ROLE_NAMES.find((name) => ROLES[name] === index);
export const roleIndexFor = (tenantType: number, roleLevel: number): number => bitIndex(tenantType, roleLevel);
export const tenantOfRoleIndex = (index: number): number => Math.floor(index / COLUMNS);
export const levelOfRoleIndex = (index: number): number => index % COLUMNS;

/** Role-level labels are translation keys (`role.<label>`), so the console shows Manager / Finance / Employee per language. */
export type RoleLevelLabel = 'manager' | 'finance' | 'employee';

/** Column 1 is Finance for pro and std merchants, Employee elsewhere; column 2 Employee. */
export function roleLevelLabel(tenantType: number, roleLevel: number): RoleLevelLabel {
  if (roleLevel === 0) return 'manager';
  const hasFinance = tenantType === TenantType.merchantPro || tenantType === TenantType.merchantStd;
  return roleLevel === 1 && hasFinance ? 'finance' : 'employee';
}
