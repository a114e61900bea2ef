import { toast, type Id } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '../../contract/constants';
import type { ToastType } from './toastConfig';

/**
 * The one toast layer (SPEC A1): add, update, remove, and a loading toast that later
 * becomes success or error. A message already on screen is not shown twice (the HTTP
 * client and react-admin may both report the same failure).
 */
export const toasts = {
  add(type: ToastType, message: string): Id {
    const toastId = `${type}:${message}`;
    if (toast.isActive(toastId)) return toastId;
    return toast(message, { type, toastId });
  },
  update(id: Id, change: { type?: ToastType; message?: string }) {
    toast.update(id, { ...(change.type ? { type: change.type } : {}), ...(change.message !== undefined ? { render: change.message } : {}) });
  },
  remove(id?: Id) {
    toast.dismiss(id);
  },
  loading(message: string): Id {
    return toast.loading(message);
  },
  /** Ends a loading toast as success or error; it then closes like any other. */
  settle(id: Id, type: 'success' | 'error', message: string) {
    toast.update(id, { render: message, type, isLoading: false, autoClose: TOAST_AUTO_CLOSE_MS, closeOnClick: true });
  },
};

/** For the HTTP client: failures become error toasts. */
export const notifyError = (message: string) => {
  toasts.add('error', message);
};
