import { z } from 'zod';

/** Body of POST /sys/auth/login. Length caps stop a 1 MiB password from costing a scrypt run. */
export const loginBody = z.object({
  account: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(256),
});
export type LoginBody = z.infer<typeof loginBody>;

export interface OrgMembership {
  orgId: number;
  orgName: string;
  tenantType: number;
  roleLevel: number;
}

/** `data` of login (with token) and of /sys/auth/me (without). */
export interface SessionInfo {
  token?: string;
  userName: string;
  account: string;
  orgList: OrgMembership[];
}
