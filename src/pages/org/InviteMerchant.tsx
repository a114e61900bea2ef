import { useState, type FormEvent } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { INVITATION_TIERS } from '../../contract/invitation';
import { tenantTypeName } from '../../access';
import { SignupLinkField } from '../../resources/invitation/SignupLinkField';
import { toasts } from '../../shell/toast';

/**
 * The operator's way to its first merchant (README "Starting with nothing seeded"): a merchant
 * invitation code issued by the operator org, so the merchant org is made under it when its manager
 * signs up. The /invitation screen is the agents' (docs/roles-and-routes.md); this dialog posts the
 * same call (`invitation.issue`) and shows the /signup link to hand over.
 */
export function InviteMerchant() {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [values, setValues] = useState({ orgName: '', invitee: '', tenantType: INVITATION_TIERS[0] as number });
  const [issued, setIssued] = useState<{ code: string; invitee: string | null } | null>(null);
  const close = () => {
    setOpen(false);
    setIssued(null);
    setValues({ orgName: '', invitee: '', tenantType: INVITATION_TIERS[0] });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { data } = await dataProvider.create<{ id: number; code: string; invitee: string | null }>('invitation', { data: values });
      setIssued(data);
    } catch (failure) {
      toasts.add('error', (failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} sx={{ mb: 1 }}>
        {translate('org.invite.open')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="invite-merchant-title" fullWidth maxWidth="sm">
        <DialogTitle id="invite-merchant-title">{translate('org.invite.title')}</DialogTitle>
        {issued === null ? (
          <Box component="form" onSubmit={(event) => void submit(event)}>
            <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <TextField
                label={translate('resources.invitation.fields.orgName')}
                value={values.orgName}
                onChange={(e) => setValues({ ...values, orgName: e.target.value })}
                required
              />
              <TextField
                select
                label={translate('resources.invitation.fields.tenantType')}
                value={values.tenantType}
                onChange={(e) => setValues({ ...values, tenantType: Number(e.target.value) })}
              >
                {INVITATION_TIERS.map((tier) => (
                  <MenuItem key={tier} value={tier}>
                    {translate(`tenant.${tenantTypeName(tier)}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={translate('resources.invitation.fields.invitee')}
                helperText={translate('resources.invitation.help.invitee')}
                value={values.invitee}
                onChange={(e) => setValues({ ...values, invitee: e.target.value })}
                required
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={close}>{translate('ra.action.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={busy}>
                {translate('org.invite.issue')}
              </Button>
            </DialogActions>
          </Box>
        ) : (
          <>
            <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <Typography variant="body2">{translate('resources.invitation.handOver')}</Typography>
              <SignupLinkField invitation={issued} />
            </DialogContent>
            <DialogActions>
              <Button onClick={close}>{translate('ra.action.close')}</Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}
