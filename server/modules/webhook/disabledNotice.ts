import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { may } from '../../../src/access/policy';
import { roleIndexFor } from '../../../src/access/roles';
import { WEBHOOK_DISABLED_NOTICE } from '../../../src/contract/webhook';
import { clearNotifications, notify } from '../notification/service';

type Trx = Transaction<Database>;

const subjectOf = (endpointId: number) => `webhook:${endpointId}`;

/** The org's enabled members whose role may manage its endpoints: the ones told. */
async function managersOf(trx: Trx, orgId: number): Promise<number[]> {
  const members = await trx
    .selectFrom('membership')
    .innerJoin('org', 'org.id', 'membership.orgId')
    .innerJoin('appUser', 'appUser.id', 'membership.userId')
    .select(['membership.userId', 'membership.roleLevel', 'org.tenantType'])
    .where('membership.orgId', '=', orgId)
    .where('appUser.disabled', '=', false)
    .execute();
  return members.filter((m) => may(roleIndexFor(m.tenantType, m.roleLevel), 'webhook.manage')).map((m) => m.userId);
}

/**
 * Tells the endpoint's managers, in the transaction that turns it off, that the loop did so and why:
 * a notice in their app bar until one of them turns it on again (`clearWebhookDisabled`).
 */
export async function tellWebhookDisabled(
  trx: Trx,
  endpoint: { id: number; orgId: number; url: string; reason: string },
  at: Date,
): Promise<void> {
  const data = { endpointId: endpoint.id, url: endpoint.url, reason: endpoint.reason };
  await notify(trx, await managersOf(trx, endpoint.orgId), WEBHOOK_DISABLED_NOTICE, subjectOf(endpoint.id), data, {
    orgId: endpoint.orgId,
    at,
  });
}

/** The endpoint is on again: its notices go, for every manager. */
export const clearWebhookDisabled = (trx: Trx, endpointId: number) =>
  clearNotifications(trx, WEBHOOK_DISABLED_NOTICE, [subjectOf(endpointId)]);
