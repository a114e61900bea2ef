import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { useNotificationContext, useTranslate } from 'react-admin';
import { TOAST_CONTAINER_CONFIG } from './toastConfig';
import { toasts } from './toasts';

/**
 * react-admin's `notification` slot: its notifications (saved, deleted, invalid form…)
 * go through the same toast layer as everything else.
 */
export function ToastNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const translate = useTranslate();
  useEffect(() => {
    if (notifications.length === 0) return;
    const next = takeNotification();
    if (!next) return;
    const text = typeof next.message === 'string' ? translate(next.message, { _: next.message, ...next.notificationOptions?.messageArgs }) : '';
    if (text) toasts.add(next.type, text);
  }, [notifications, takeNotification, translate]);
  return <ToastContainer {...TOAST_CONTAINER_CONFIG} />;
}
