import { z } from 'zod';
import { listQuery } from './listQuery';
import { isoInstant } from './response';

/** GET /sys/org/list: the orgs in the caller's tenancy scope (docs/roles-and-routes.md), for pickers and the org screens. */
export const orgSortable = ['id', 'orgId', 'orgName', 'tenantType', 'createdAt'] as const;
export const orgListQuery = listQuery(orgSortable, {
  orgName: z.string().trim().max(100).optional(),
  tenantType: z.coerce.number({ error: 'validation.invalidId' }).int().min(0).max(5).optional(),
  parentId: z.coerce.number({ error: 'validation.invalidId' }).int().positive().optional(),
});
export type OrgListQuery = z.infer<typeof orgListQuery>;

export const orgRecord = z.object({
  id: z.number(),
  /** Same as `id`, under the name every other record uses for its org. */
  orgId: z.number(),
  orgName: z.string(),
  /** Tenant type (docs/roles-and-routes.md): 0 operator, 1 agent, 3 pro, 4 lite, 5 standard merchant. */
  tenantType: z.number(),
  parentId: z.number().nullable(),
  parentName: z.string().nullable(),
  memberCount: z.number(),
  createdAt: isoInstant,
});
export type OrgRecord = z.output<typeof orgRecord>;
/** What the server hands the response schema (instants as Dates). */
export type OrgRecordInput = z.input<typeof orgRecord>;
