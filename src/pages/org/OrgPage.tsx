import { useState } from 'react';
import { Card, CardContent, Grid, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { RecordContextProvider, Title, useGetList, useTranslate } from 'react-admin';
import { may, TenantType, tenantTypeName } from '../../access';
import { ApiPath } from '../../contract/apiPaths';
import type { OrgRecord } from '../../contract/schemas/org';
import { lookupResource, REFERENCE_TARGETS } from '../../resources/engine/lookups';
import { useSession } from '../../session';
import { useFormat } from '../../i18n/useFormat';
import { LabelledRows } from '../../shell/LabelledRows';
import { isServerError } from '../../shell/errors/isServerError';
import { ServerErrorPage } from '../../shell/errors/statusPages';
import { InviteMerchant } from './InviteMerchant';

type Org = OrgRecord & { id: number };

const ORGS = lookupResource(ApiPath.org.list, REFERENCE_TARGETS.org.value);
/** The operator and agents keep orgs under them (the org tree, docs/roles-and-routes.md); merchants do not. */
const HAS_CHILDREN = new Set([0, 1]);

function Profile({ org }: { org: Org }) {
  const translate = useTranslate();
  const format = useFormat();
  const rows: Array<[string, React.ReactNode]> = [
    ['org.fields.orgName', org.orgName],
    ['org.fields.tenantType', translate(`tenant.${tenantTypeName(org.tenantType)}`)],
    ['org.fields.parentName', org.parentName ?? '—'],
    ['org.fields.memberCount', format.number(org.memberCount)],
    ['org.fields.createdAt', format.dateTime(org.createdAt)],
  ];
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('org.profile')}
        </Typography>
        <RecordContextProvider value={org}>
          <LabelledRows rows={rows} />
        </RecordContextProvider>
      </CardContent>
    </Card>
  );
}

function OrgsUnder({ parent }: { parent: Org }) {
  const translate = useTranslate();
  const format = useFormat();
  const { roleIndex } = useSession();
  const [name, setName] = useState('');
  const { data, total, isPending } = useGetList<Org>(ORGS, {
    pagination: { page: 1, perPage: 500 },
    sort: { field: '', order: 'ASC' },
    filter: { parentId: parent.orgId, sort: 'orgName', order: 'asc', ...(name.trim() ? { orgName: name.trim() } : {}) },
  });
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('org.children', { count: total ?? 0 })}
        </Typography>
        {/* The operator's merchants come from its own codes; agents issue theirs on /invitation. */}
        {parent.tenantType === TenantType.operator && may(roleIndex, 'invitation.issue') && <InviteMerchant />}
        <TextField size="small" label={translate('org.search')} value={name} onChange={(e) => setName(e.target.value)} sx={{ mb: 1 }} />
        <Table size="small" aria-label={translate('org.childrenTable')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('org.fields.orgName')}</TableCell>
              <TableCell>{translate('org.fields.tenantType')}</TableCell>
              <TableCell align="right">{translate('org.fields.memberCount')}</TableCell>
              <TableCell>{translate('org.fields.createdAt')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data ?? []).map((org) => (
              <RecordContextProvider key={org.id} value={org}>
                <TableRow>
                  <TableCell>{org.orgName}</TableCell>
                  <TableCell>{translate(`tenant.${tenantTypeName(org.tenantType)}`)}</TableCell>
                  <TableCell align="right">{org.memberCount}</TableCell>
                  <TableCell>{format.dateTime(org.createdAt)}</TableCell>
                </TableRow>
              </RecordContextProvider>
            ))}
            {!isPending && (data ?? []).length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>{translate('org.none')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/**
 * /operator, /agent, /merchant-pro|std|lite (docs/roles-and-routes.md): the selected org's own profile and,
 * for the operator and agents, the orgs under it. Each route is guarded by its tenant row,
 * so the selected org is always the one the route names.
 */
export default function OrgPage({ labelKey }: { labelKey: string }) {
  const translate = useTranslate();
  const { selectedOrg } = useSession();
  // No retries, as react-admin's own controllers: a server fault shows at once, toasted once.
  const { data, error } = useGetList<Org>(
    ORGS,
    {
      pagination: { page: 1, perPage: 1 },
      sort: { field: '', order: 'ASC' },
      filter: { ids: selectedOrg ? [selectedOrg.orgId] : [] },
    },
    { enabled: selectedOrg !== null, retry: false },
  );
  const org = data?.[0];
  if (isServerError(error)) {
    return (
      <>
        <Title title={translate(labelKey)} />
        <ServerErrorPage />
      </>
    );
  }
  return (
    <Grid container spacing={2} sx={{ mt: 1 }}>
      <Title title={translate(labelKey)} />
      {org && (
        <Grid size={{ xs: 12, md: HAS_CHILDREN.has(org.tenantType) ? 5 : 8 }}>
          <Profile org={org} />
        </Grid>
      )}
      {org && HAS_CHILDREN.has(org.tenantType) && (
        <Grid size={{ xs: 12, md: 7 }}>
          <OrgsUnder parent={org} />
        </Grid>
      )}
    </Grid>
  );
}
