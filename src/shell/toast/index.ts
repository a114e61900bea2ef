export { toasts, notifyError } from './toasts';
export { ToastNotification } from './ToastNotification';
export { TOAST_CONTAINER_CONFIG, TOAST_TYPES } from './toastConfig';
