import { z } from 'zod';
import { isoInstant } from './response';

/**
 * The caller's notices in the console's app bar (docs/webhooks.md "Notifications in the app bar"):
 * what the server keeps per user (server/modules/notification), as the API answers it.
 */

/** The notice of a proposal waiting for its reader's approval (docs/webhooks.md "Notifications in the app bar"). */
export const PROPOSAL_NOTICE = 'proposal.needs_approval';

/** A proposal waiting for the user's approval: what the bell's list shows, and where it leads. */
export const proposalNoticeData = z.object({
  proposalId: z.number(),
  walletId: z.number(),
  walletLabel: z.string(),
  nonce: z.number(),
  /** The proposal's kind (transfer, withdraw, refund, governance …). */
  kind: z.string(),
  amount: z.string(),
  symbol: z.string(),
});
export type ProposalNoticeData = z.output<typeof proposalNoticeData>;

export const notificationRecord = z.object({
  id: z.number(),
  kind: z.string(),
  subject: z.string(),
  /** The kind's own shape (for `proposal.needs_approval`: `proposalNoticeData`). */
  data: z.record(z.string(), z.unknown()),
  createdAt: isoInstant,
  readAt: isoInstant.nullable(),
});
export type NotificationRecord = z.output<typeof notificationRecord>;
export type NotificationRecordInput = z.input<typeof notificationRecord>;

/** GET /sys/notification/list: the latest 50, newest first, and how many of all are unread. */
export const notificationList = z.object({ list: z.array(notificationRecord), unread: z.number() });
export type NotificationList = z.output<typeof notificationList>;
export type NotificationListInput = z.input<typeof notificationList>;

/** Answer of a mark-read: how many are still unread. */
export const notificationUnread = z.object({ unread: z.number() });
export type NotificationUnread = z.output<typeof notificationUnread>;
