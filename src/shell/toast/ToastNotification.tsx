import { useEffect, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@mui/material';
import { useNotificationContext, useTakeUndoableMutation, useTranslate, type NotificationPayload } from 'react-admin';
import { TOAST_AUTO_CLOSE_MS } from '../../contract/constants';
import { ToastLayer } from './ToastLayer';
import { toasts } from './toasts';

type RunUndoable = (isUndo: boolean) => void;

/** react-admin's notice after a submit with field errors. */
const INVALID_FORM = 'ra.message.invalid_form';

const keepPageWhilePending = (event: BeforeUnloadEvent) => event.preventDefault();

/**
 * An undoable change (react-admin's default for bulk deletes) is sent only when its
 * notice closes; Undo drops it. Leaving the page meanwhile asks first, as react-admin's
 * own snackbar does.
 */
function showUndoable(type: NotificationPayload['type'], text: ReactNode, undoLabel: string, run: RunUndoable, autoClose: number | false) {
  let done = false;
  const finish = (isUndo: boolean) => {
    if (done) return;
    done = true;
    window.removeEventListener('beforeunload', keepPageWhilePending);
    run(isUndo);
  };
  window.addEventListener('beforeunload', keepPageWhilePending);
  toast(
    ({ closeToast }) => (
      <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <span style={{ flex: 1 }}>{text}</span>
        <Button
          size="small"
          onClick={(event) => {
            event.stopPropagation();
            finish(true);
            closeToast();
          }}
        >
          {undoLabel}
        </Button>
      </span>
    ),
    { type, autoClose, closeOnClick: false, onClose: () => finish(false) },
  );
}

/**
 * react-admin's `notification` slot: its notifications (saved, deleted, invalid form…)
 * go through the same toast layer and container as everything else.
 */
export function ToastNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  useEffect(() => {
    if (notifications.length === 0) return;
    const next = takeNotification();
    if (!next) return;
    // A form the server refused: its message is toasted already and its field errors are on the inputs.
    if (next.message === INVALID_FORM && toasts.hasOpenError()) return;
    // A success outdates the failures before it ("the form is not valid", the server's refusal).
    if (next.type === 'success') toasts.dismissErrors();
    const { messageArgs, undoable, autoHideDuration } = next.notificationOptions ?? {};
    const text = typeof next.message === 'string' ? translate(next.message, { _: next.message, ...messageArgs }) : next.message;
    if (!text) return;
    const autoClose = autoHideDuration === null ? false : (autoHideDuration ?? TOAST_AUTO_CLOSE_MS);
    if (undoable) {
      const run: RunUndoable = (isUndo) => takeMutation()?.({ isUndo });
      showUndoable(next.type, text, translate('ra.action.undo'), run, autoClose);
    } else if (typeof text === 'string') {
      toasts.add(next.type, text, autoClose);
    } else {
      toast(text, { type: next.type, autoClose });
    }
  }, [notifications, takeNotification, takeMutation, translate]);
  return <ToastLayer />;
}
