import { notificationVerbs } from '../../../src/contract/verbs/notification';
import { pathId } from '../../http/pathId';
import { serveVerbs } from '../../http/verbs';
import { listNotifications, markAllRead, markRead } from './service';

/** The app bar's bell (docs/webhooks.md "Notifications in the app bar"): each user their own notices. */
export const registerNotificationRoutes = serveVerbs(notificationVerbs, (_app, context) => ({
  list: async ({ caller }) => listNotifications(context.db, caller, context.now()),
  read: async ({ caller, params }) => markRead(context.db, caller, pathId(params), context.now()),
  readAll: async ({ caller }) => markAllRead(context.db, caller, context.now()),
}));
