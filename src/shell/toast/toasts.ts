import { toast, type Id } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '../../contract/constants';
import type { ToastType } from './toastConfig';

/**
 * The one toast layer (docs/console.md): add, update, remove, and a loading toast that later
 * becomes success or error. A message is its own toast id, so one already on screen is
 * not shown twice (the HTTP client and react-admin may both report the same failure).
 */
/** Error toasts on screen now: react-admin's "form is not valid" adds nothing to a refusal already shown. */
const openErrors = new Set<Id>();

export const toasts = {
  /** `autoClose` only when the caller asked for another duration (react-admin's `autoHideDuration`). */
  add(type: ToastType, message: string, autoClose?: number | false): Id {
    if (toast.isActive(message)) return message;
    if (type === 'error') openErrors.add(message);
    return toast(message, {
      type,
      toastId: message,
      onClose: () => openErrors.delete(message),
      ...(autoClose === undefined ? {} : { autoClose }),
    });
  },
  /** Is an error toast on screen (e.g. the server's refusal of the form just sent)? */
  hasOpenError: () => openErrors.size > 0,
  /** Closes the error toasts on screen: a later success outdates them (one toast per outcome). */
  dismissErrors() {
    for (const id of openErrors) toast.dismiss(id);
    openErrors.clear();
  },
  update(id: Id, change: { type?: ToastType; message?: string }) {
    toast.update(id, {
      ...(change.type ? { type: change.type } : {}),
      ...(change.message !== undefined ? { render: change.message } : {}),
    });
  },
  remove(id?: Id) {
    toast.dismiss(id);
  },
  loading(message: string): Id {
    return toast.loading(message);
  },
  /**
   * Ends a loading toast as success, info (done, with nothing to show for it) or error; it
   * then closes like any other. A failure the HTTP client already shows (same text) is not
   * shown twice: the loading toast goes.
   */
  settle(id: Id, type: 'success' | 'info' | 'error', message: string) {
    if (type === 'error' && id !== message && toast.isActive(message)) {
      toast.dismiss(id);
      return;
    }
    toast.update(id, { render: message, type, isLoading: false, autoClose: TOAST_AUTO_CLOSE_MS, closeOnClick: true });
  },
};

/** For the HTTP client: failures become error toasts. */
export const notifyError = (message: string): Id => toasts.add('error', message);
