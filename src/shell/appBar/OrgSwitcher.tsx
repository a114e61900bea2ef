import { useEffect, useState } from 'react';
import { AppBarSelect } from './AppBarSelect';
import { useRefresh, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { canAccess, roleIndexFor } from '../../access';
import { session, useSession } from '../../session';

/**
 * Switching org switches role, menu and access at once, without a reload (docs/roles-and-routes.md):
 * later calls carry the new X-Org-Id, cached lists are refetched, and a page the new
 * role may not see is left for /home.
 */
export function OrgSwitcher({ inPanel = false, onPicked }: { inPanel?: boolean; onPicked?: () => void }) {
  const translate = useTranslate();
  const { orgList, selectedOrg } = useSession();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const location = useLocation();
  const [pendingOrgId, setPendingOrgId] = useState<number | null>(null);

  // A switch that must leave the page waits until /home is shown: the current page's
  // guard must never see the new role there (it would send the user to /403).
  useEffect(() => {
    if (pendingOrgId !== null && location.pathname === '/home') {
      session.selectOrg(pendingOrgId);
      setPendingOrgId(null);
      refresh();
    }
  }, [pendingOrgId, location.pathname, refresh]);

  const change = (orgId: number) => {
    const org = orgList.find((o) => o.orgId === orgId);
    if (!org) return;
    onPicked?.();
    if (canAccess(roleIndexFor(org.tenantType, org.roleLevel), location.pathname)) {
      session.selectOrg(orgId);
      refresh();
    } else {
      setPendingOrgId(orgId);
      navigate('/home');
    }
  };

  if (orgList.length === 0 || !selectedOrg) return null;

  return (
    <AppBarSelect
      label={translate('org.switch')}
      value={selectedOrg.orgId}
      options={orgList.map((org) => ({ value: org.orgId, label: org.orgName }))}
      onChange={change}
      width={220}
      inPanel={inPanel}
    />
  );
}
