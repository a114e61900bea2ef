import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_CONTAINER_CONFIG } from './toastConfig';

/** The one toast container (docs/console.md), mounted by the sign-in page and by the console. */
export const ToastLayer = () => <ToastContainer {...TOAST_CONTAINER_CONFIG} />;
