import type { ReactNode } from 'react';
import { useCanAccess, useRequireAccess } from 'react-admin';

/**
 * react-admin fires a page's queries once the access check has settled, also when
 * it says no; for a role outside the route group the API then answers 403, which
 * ends the session. So a view renders only once access is granted; a denial goes
 * to the access-denied page (useRequireAccess) without a call.
 */
export function AccessGate({ resource, action, children }: { resource: string; action: string; children?: ReactNode }) {
  useRequireAccess({ resource, action });
  const { isPending, canAccess } = useCanAccess({ resource, action });
  return !isPending && canAccess ? <>{children}</> : null;
}
