import { useState } from 'react';
import { Grid } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { ProfileCard } from './ProfileCard';
import { PasswordCard } from './PasswordCard';
import { SessionsCard } from './SessionsCard';
import { JoinCard } from './JoinCard';

/** /account (SPEC B6, every role): the user's own profile, password and sessions, and joining another org with a code. */
export default function AccountPage() {
  const translate = useTranslate();
  // A password change signs out the other sessions: the list is read again after it.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    <Grid container spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('menu.account')} />
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
    </Grid>
  );
}
