import type { RoleName } from '../../../src/access';

/**
 * The role order of the hand-written Y/N tables (docs/roles-and-routes.md): one letter per role,
 * grouped operator, agent, Pro, Lite, Std. Written out here, not read from the code under test.
 */
export const roleOrder: RoleName[] = [
  'superAdmin',
  'operatorEmployee',
  'agentManager',
  'agentEmployee',
  'merchantProManager',
  'merchantProFinance',
  'merchantProEmployee',
  'merchantLiteManager',
  'merchantLiteEmployee',
  'merchantStdManager',
  'merchantStdFinance',
  'merchantStdEmployee',
];

/** One case per role and row of a Y/N table: `yes` is that role's letter (spaces in a row only group it). */
export function tableCases<K extends string>(table: Record<K, string>): Array<{ key: K; role: RoleName; yes: boolean }> {
  return (Object.entries(table) as Array<[K, string]>).flatMap(([key, row]) => {
    const letters = row.replace(/\s/g, '');
    return roleOrder.map((role, i) => ({ key, role, yes: letters[i] === 'Y' }));
  });
}
