import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Authenticated } from 'react-admin';
import { canAccess } from '../../access';
import { useSession } from '../../session';

/**
 * react-admin checks access for resource pages only, not for custom routes: every
 * custom guarded page goes through this (signed in, then the role matrix).
 */
export function RouteGuard({ path, children }: { path: string; children: ReactNode }) {
  return (
    <Authenticated>
      <RoleCheck path={path}>{children}</RoleCheck>
    </Authenticated>
  );
}

function RoleCheck({ path, children }: { path: string; children: ReactNode }) {
  const { roleIndex } = useSession();
  if (roleIndex === null) return null;
  return canAccess(roleIndex, path) ? <>{children}</> : <Navigate to="/403" replace />;
}
