import { Card, CardContent, Grid, Typography } from '@mui/material';
import { Title, useGetList, useTranslate } from 'react-admin';
import { canAccess, roleLevelLabel, tenantTypeName } from '../../access';
import { Link } from 'react-router-dom';
import { useSession } from '../../session';

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Card>
      <CardContent>
        <Typography color="text.secondary" gutterBottom>
          {label}
        </Typography>
        <Typography variant="h4" component="p" data-testid={testId}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * The dashboard: live figures from the API for the selected org. Balances, payment
 * volume and "proposals waiting for me" join here as their endpoints land.
 */
export default function HomePage() {
  const translate = useTranslate();
  const { userName, selectedOrg, currentChainObj, roleIndex } = useSession();
  const seesMultisig = canAccess(roleIndex, '/multisig');
  const waiting = useGetList('multisig', { pagination: { page: 1, perPage: 1 }, filter: { waitingForMe: true } }, { enabled: seesMultisig });
  const networks = useGetList('network', { pagination: { page: 1, perPage: 1 } });
  const currencies = useGetList('currency', { pagination: { page: 1, perPage: 1 } });
  const tenant = selectedOrg ? tenantTypeName(selectedOrg.tenantType) : undefined;
  const role = selectedOrg ? roleLevelLabel(selectedOrg.tenantType, selectedOrg.roleLevel) : undefined;

  return (
    <>
      <Title title={translate('menu.home')} />
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {translate('home.welcome', { name: userName ?? '' })}
      </Typography>
      {selectedOrg && tenant && role && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('home.signedInAs', { org: selectedOrg.orgName, role: `${translate(`tenant.${tenant}`)} ${translate(`role.${role}`)}` })}
        </Typography>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Figure label={translate('home.networks')} value={networks.total ?? '…'} testId="home-networks" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Figure label={translate('home.currencies')} value={currencies.total ?? '…'} testId="home-currencies" />
        </Grid>
        {seesMultisig && (
          <Grid size={{ xs: 12, sm: 4 }}>
            <Link to="/multisig" style={{ textDecoration: 'none' }}>
              <Figure label={translate('multisig.waitingForMe')} value={waiting.total ?? '…'} testId="home-waiting" />
            </Link>
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 4 }}>
          <Figure label={translate('home.currentChain')} value={currentChainObj?.name ?? translate('chain.none')} testId="home-chain" />
        </Grid>
      </Grid>
    </>
  );
}
