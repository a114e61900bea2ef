export { toasts, notifyError } from './toasts';
export { ToastNotification } from './ToastNotification';
export { ToastLayer } from './ToastLayer';
export { TOAST_CONTAINER_CONFIG, TOAST_TYPES, type ToastType } from './toastConfig';
