import { useCallback, useEffect, useState } from 'react';
import { Grid } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { ApiPath } from '../../contract/apiPaths';
import type { TwoFactorState } from '../../contract/schemas/twoFactor';
import { canRoleDo, masks } from '../../access';
import { http } from '../../http';
import { useSession } from '../../session';
import { ProfileCard } from './ProfileCard';
import { PasswordCard } from './PasswordCard';
import { SessionsCard } from './SessionsCard';
import { JoinCard } from './JoinCard';
import { TwoFactorCard } from './TwoFactorCard';
import { OrgTwoFactorCard } from './OrgTwoFactorCard';

/**
 * /account (docs/roles-and-routes.md, every role): the user's own profile, password, second factor and sessions,
 * and joining another org with a code. A member whose org requires a second factor they lack
 * sees only its card: the server refuses everything else until they enrol.
 */
export default function AccountPage() {
  const translate = useTranslate();
  const { roleIndex, selectedOrg } = useSession();
  // A password change signs out the other sessions: the list is read again after it.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  const [twoFactor, setTwoFactor] = useState<TwoFactorState>();
  const loadTwoFactor = useCallback(() => {
    http.get<TwoFactorState>(ApiPath.account.twoFactor.state).then(setTwoFactor, () => undefined);
  }, []);
  useEffect(loadTwoFactor, [loadTwoFactor, selectedOrg?.orgId]);

  const mustEnrol = twoFactor !== undefined && twoFactor.required && !twoFactor.enrolled;
  return (
    <Grid container spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('menu.account')} />
      {twoFactor && (
        <Grid size={{ xs: 12, md: 6 }}>
          <TwoFactorCard state={twoFactor} reload={loadTwoFactor} />
        </Grid>
      )}
      {twoFactor && !mustEnrol && (
        <>
          {canRoleDo(roleIndex, masks.allManagers) && (
            <Grid size={{ xs: 12, md: 6 }}>
              <OrgTwoFactorCard />
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 6 }}>
            <ProfileCard />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <PasswordCard onChanged={() => setSessionsVersion((v) => v + 1)} />
          </Grid>
          <Grid size={12}>
            <SessionsCard reloadKey={sessionsVersion} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <JoinCard />
          </Grid>
        </>
      )}
    </Grid>
  );
}
