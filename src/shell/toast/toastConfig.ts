import type { ToastContainerProps } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '../../contract/constants';

/** The toast container, exactly as docs/console.md "Toasts" describes it. */
export const TOAST_CONTAINER_CONFIG = {
  position: 'top-center',
  autoClose: TOAST_AUTO_CLOSE_MS,
  hideProgressBar: true,
  theme: 'light',
  closeOnClick: true,
} as const satisfies ToastContainerProps;

export const TOAST_TYPES = ['info', 'success', 'warning', 'error', 'default'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
