import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Grid } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { may } from '../../access';
import { useSession } from '../../session';
import { CONSOLE_QUERY, consoleKey, consoleKeyPrefix, useConsoleDataProvider } from '../../shell/consoleQuery';
import { ProfileCard } from './ProfileCard';
import { PasswordCard } from './PasswordCard';
import { SessionsCard } from './SessionsCard';
import { JoinCard } from './JoinCard';
import { TwoFactorCard } from './TwoFactorCard';
import { OrgTwoFactorCard } from './OrgTwoFactorCard';
import { SigningKeyCard } from './SigningKeyCard';

/**
 * /account (docs/roles-and-routes.md, every role): the user's own profile, password, second factor and sessions,
 * joining another org with a code, and the key that signs approvals on Safe wallets. A member whose org requires a second factor they lack
 * sees only its card: the server refuses everything else until they enrol.
 */
export default function AccountPage() {
  const translate = useTranslate();
  const { roleIndex, selectedOrg } = useSession();
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  // Whether the org requires a second factor is the selected org's: another org reads it again,
  // the cards staying as they were until it has answered.
  const { data: twoFactor } = useQuery({
    queryKey: consoleKey('accountTwoFactor', selectedOrg?.orgId ?? null),
    queryFn: ({ signal }) => dataProvider.accountTwoFactor({ signal }),
    placeholderData: keepPreviousData,
    ...CONSOLE_QUERY,
  });
  const loadTwoFactor = () => void queryClient.invalidateQueries({ queryKey: consoleKeyPrefix('accountTwoFactor') });

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
          {may(roleIndex, 'orgTwoFactor.manage') && (
            <Grid size={{ xs: 12, md: 6 }}>
              <OrgTwoFactorCard />
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 6 }}>
            <ProfileCard />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <PasswordCard />
          </Grid>
          <Grid size={12}>
            <SessionsCard />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <JoinCard />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <SigningKeyCard />
          </Grid>
        </>
      )}
    </Grid>
  );
}
