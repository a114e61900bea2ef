import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useCreatePath, useEditContext, useListContext, useNotify, useShowContext } from 'react-admin';
import { isServerError } from '../../../shell/errors/isServerError';
import { ServerErrorPage } from '../../../shell/errors/statusPages';

/**
 * What react-admin's List/Show/Edit `error` prop shows when the view's query failed. A
 * server fault shows the /500 content inside the layout; any other failure (already
 * toasted by the HTTP client) keeps what the view does without the prop.
 */

/** Without the prop a failed list still renders its content (an empty grid): `children` is that content. */
export function ListFailure({ children }: { children: ReactNode }) {
  const { error } = useListContext();
  return isServerError(error) ? <ServerErrorPage /> : children;
}

// Setting the prop turns off the controller's `redirectOnError` ('list' by default): other
// failures go back to the list here instead, replacing the failed URL so Back does not return to it.
function RecordFailure({ resource, error }: { resource: string; error: unknown }) {
  const createPath = useCreatePath();
  return isServerError(error) ? <ServerErrorPage /> : <Navigate to={createPath({ resource, type: 'list' })} replace />;
}

export function ShowFailure({ resource }: { resource: string }) {
  return <RecordFailure resource={resource} error={useShowContext().error} />;
}

export function EditFailure({ resource }: { resource: string }) {
  return <RecordFailure resource={resource} error={useEditContext().error} />;
}

/**
 * A Show's or Edit's `queryOptions`: react-admin's own `onError` toasts "item doesn't exist" on any
 * failure, beside the /500 content on a server fault (the HTTP client has toasted that already).
 * A server fault shows the /500 content alone; any other failure keeps react-admin's toast.
 */
export function useRecordQueryOptions() {
  const notify = useNotify();
  return {
    onError: (error: unknown) => {
      if (!isServerError(error)) notify('ra.notification.item_doesnt_exist', { type: 'error' });
    },
  };
}
