import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import { notificationList, notificationUnread } from '../schemas/notification';

const paths = ApiPath.notification;

/** The app bar's bell (docs/webhooks.md "Notifications in the app bar"): every user, their own notices only. */
export const notificationVerbs = defineVerbs({
  list: {
    method: 'GET',
    path: paths.list,
    summary: "The caller's notices in the selected org, newest first (the latest 50), and how many are unread",
    access: 'member',
    response: notificationList,
  },
  read: {
    method: 'POST',
    path: paths.read,
    summary: "Mark one of the caller's notices read; another user's is an unknown id (404)",
    access: 'member',
    response: notificationUnread,
  },
  readAll: {
    method: 'POST',
    path: paths.readAll,
    summary: "Mark all the caller's notices in the selected org read",
    access: 'member',
    response: notificationUnread,
  },
});
