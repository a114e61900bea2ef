import { z } from 'zod';
import { listQuery } from './listQuery';

/** GET /sys/org/list: the orgs in the caller's tenancy scope (docs/roles-and-routes.md), for pickers and the org screens. */
export const orgSortable = ['id', 'orgId', 'orgName', 'tenantType', 'createdAt'] as const;
export const orgListQuery = listQuery(orgSortable, {
  orgName: z.string().trim().max(100).optional(),
  tenantType: z.coerce.number({ error: 'validation.invalidId' }).int().min(0).max(5).optional(),
  parentId: z.coerce.number({ error: 'validation.invalidId' }).int().positive().optional(),
});
export type OrgListQuery = z.infer<typeof orgListQuery>;

export interface OrgRecord {
  id: number;
  /** Same as `id`, under the name every other record uses for its org. */
  orgId: number;
  orgName: string;
  /** Tenant type (docs/roles-and-routes.md): 0 operator, 1 agent, 3 pro, 4 lite, 5 standard merchant. */
  tenantType: number;
  parentId: number | null;
  parentName: string | null;
  memberCount: number;
  createdAt: string;
}
