import type { FastifyRequest } from 'fastify';
import { ORG_HEADER } from '../../src/contract/constants';
import { roleIndexFor } from '../../src/access';
import type { Db } from '../db/database';
import { forbidden, unauthorized } from './apiError';
import { hashSessionToken, isWellFormedToken } from '../credentials/sessionToken';
import type { ChangeFeedCache } from './changeFeedCache';

export interface Membership {
  orgId: number;
  orgName: string;
  tenantType: number;
  roleLevel: number;
}

/** Who is calling, resolved from the bearer token and the selected org. */
export interface Caller {
  userId: number;
  account: string;
  userName: string;
  tokenHash: string;
  memberships: Membership[];
  /** The org selected by X-Org-Id, or the first membership without the header (docs/api.md "Requests"). */
  org: Membership;
  /** Bit index of the role matrix: tenantType × 6 + roleLevel. */
  roleIndex: number;
  twoFactor: CallerTwoFactor;
}

/** The caller's second factor, as server/http/route.ts enforces it. */
export interface CallerTwoFactor {
  enrolled: boolean;
  /** The selected org makes enrolment mandatory (org.require_two_factor). */
  required: boolean;
  /** When this session last stepped up, or null. */
  stepUpAt: Date | null;
}

/** A user as answers name one (the caller, a wallet's or a proposal's signer, a member), from `appUser`. */
export const userColumns = ['appUser.id as userId', 'appUser.account', 'appUser.userName'] as const;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  return header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
}

export async function membershipsOf(db: Db, userId: number): Promise<Membership[]> {
  return db
    .selectFrom('membership')
    .innerJoin('org', 'org.id', 'membership.orgId')
    .select(['org.id as orgId', 'org.name as orgName', 'org.tenantType', 'membership.roleLevel'])
    .where('membership.userId', '=', userId)
    .orderBy('membership.createdAt')
    .orderBy('org.id')
    .execute();
}

/** What a session token stands for, before an org is picked: what the caller cache keeps. */
export interface SessionFacts {
  userId: number;
  account: string;
  userName: string;
  memberships: Membership[];
  twoFactorEnrolled: boolean;
  stepUpAt: Date | null;
  /** The user's orgs that require two-factor enrolment. */
  twoFactorOrgIds: number[];
}

async function lookUpSession(db: Db, tokenHash: string, now: Date): Promise<{ facts: SessionFacts; expiresAt: Date } | undefined> {
  // One round trip: the session, its user and every membership (the hot path of every call).
  const rows = await db
    .selectFrom('session')
    .innerJoin('appUser', 'appUser.id', 'session.userId')
    .leftJoin('membership', 'membership.userId', 'appUser.id')
    .leftJoin('org', 'org.id', 'membership.orgId')
    .leftJoin('twoFactor', 'twoFactor.userId', 'appUser.id')
    .select([
      ...userColumns,
      'appUser.disabled',
      'session.expiresAt',
      'session.stepUpAt',
      'twoFactor.enrolledAt',
      'org.id as orgId',
      'org.name as orgName',
      'org.tenantType',
      'org.requireTwoFactor',
      'membership.roleLevel',
    ])
    .where('session.tokenHash', '=', tokenHash)
    .where('session.revokedAt', 'is', null)
    .where('session.expiresAt', '>', now)
    .orderBy('membership.createdAt')
    .orderBy('org.id')
    .execute();
  const session = rows[0];
  if (!session || session.disabled) return undefined;
  const memberships: Membership[] = rows
    .filter((r) => r.orgId !== null)
    .map((r) => ({ orgId: r.orgId!, orgName: r.orgName!, tenantType: r.tenantType!, roleLevel: r.roleLevel! }));
  return {
    facts: {
      userId: session.userId,
      account: session.account,
      userName: session.userName,
      memberships,
      twoFactorEnrolled: session.enrolledAt !== null,
      stepUpAt: session.stepUpAt === null ? null : new Date(session.stepUpAt),
      twoFactorOrgIds: rows.filter((r) => r.orgId !== null && r.requireTwoFactor).map((r) => r.orgId!),
    },
    expiresAt: new Date(session.expiresAt),
  };
}

export async function resolveCaller(db: Db, request: FastifyRequest, now: Date, cache?: ChangeFeedCache<SessionFacts>): Promise<Caller> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  if (!isWellFormedToken(token)) throw unauthorized('api.malformedToken');
  const tokenHash = hashSessionToken(token);
  let facts = cache?.get(tokenHash, now.getTime());
  if (!facts) {
    const found = await lookUpSession(db, tokenHash, now);
    if (!found) throw unauthorized('api.sessionExpired');
    facts = found.facts;
    cache?.set(tokenHash, facts, now.getTime(), found.expiresAt.getTime());
  }
  const { memberships } = facts;
  if (memberships.length === 0) throw forbidden('api.noOrg');
  const org = selectOrg(memberships, request.headers[ORG_HEADER.toLowerCase()]);
  return {
    userId: facts.userId,
    account: facts.account,
    userName: facts.userName,
    tokenHash,
    memberships,
    org,
    roleIndex: roleIndexFor(org.tenantType, org.roleLevel),
    twoFactor: { enrolled: facts.twoFactorEnrolled, required: facts.twoFactorOrgIds.includes(org.orgId), stepUpAt: facts.stepUpAt },
  };
}

function selectOrg(memberships: Membership[], header: string | string[] | undefined): Membership {
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw === undefined || raw === '') return memberships[0];
  const found = memberships.find((m) => String(m.orgId) === raw.trim());
  if (!found) throw forbidden('api.notOrgMember');
  return found;
}
