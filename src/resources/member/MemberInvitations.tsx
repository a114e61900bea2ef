import { copyText } from '../../shell/clipboard';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslate } from 'react-admin';
import { mayManageMembers } from '../../contract/memberRules';
import { memberInviteBody, type MemberInvitationRecord } from '../../contract/schemas/member';
import { serverFieldErrors } from '../../dataProvider/serverFieldErrors';
import { schemaValidator } from '../../shell/formValidation';
import { CONSOLE_QUERY, consoleKey, consoleKeyPrefix, useConsoleDataProvider } from '../../shell/consoleQuery';
import { useSession } from '../../session';
import { useFormat } from '../../i18n/useFormat';
import { toasts } from '../../shell/toast';
import { signupLink } from '../invitation/signupLink';

async function copy(text: string, done: string, failed: string) {
  if (await copyText(text)) toasts.add('success', done);
  else toasts.add('warning', failed);
}

const validateInvite = schemaValidator(memberInviteBody);

/**
 * Above the member list, for the org's managers (SPEC B6 /member "invite"): a code for one
 * named account with the role picked, handed over as a /signup link (or redeemed on /account
 * by an existing account of that name); open codes can be withdrawn.
 */
export default function MemberInvitations() {
  const translate = useTranslate();
  const format = useFormat();
  const { selectedOrg, roleIndex } = useSession();
  const manages = selectedOrg !== null && mayManageMembers({ org: selectedOrg, roleIndex }, selectedOrg.orgId);
  const orgId = selectedOrg?.orgId ?? null;
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  const [roleLevel, setRoleLevel] = useState<number | ''>('');
  const [invitee, setInvitee] = useState('');
  const [inviteeError, setInviteeError] = useState<string | undefined>();
  // The link just made, for the org it was made in: another org shows none.
  const [made, setMade] = useState<{ orgId: number | null; invitation: MemberInvitationRecord } | null>(null);
  const created = made?.orgId === orgId ? made.invitation : null;

  const roles = useQuery({
    queryKey: consoleKey('memberRoles', orgId),
    queryFn: ({ signal }) => dataProvider.memberRoles({ signal }),
    enabled: manages,
    ...CONSOLE_QUERY,
  }).data?.list ?? [];
  const open = useQuery({
    queryKey: consoleKey('memberInvitations', orgId),
    queryFn: ({ signal }) => dataProvider.memberInvitations({ signal }),
    enabled: manages,
    ...CONSOLE_QUERY,
  }).data?.list ?? [];
  const reload = () => queryClient.invalidateQueries({ queryKey: consoleKeyPrefix('memberInvitations') });
  const inviting = useMutation({ mutationFn: dataProvider.inviteMember });
  const withdrawing = useMutation({ mutationFn: dataProvider.withdrawInvitation });

  if (!manages) return null;

  const invite = async () => {
    if (roleLevel === '') return;
    const body = { roleLevel, invitee };
    const found = validateInvite(body);
    setInviteeError(found.invitee);
    if (Object.keys(found).length > 0) return;
    try {
      setMade({ orgId, invitation: await inviting.mutateAsync(body) });
    } catch (failure) {
      setInviteeError(serverFieldErrors<'invitee'>(failure).invitee);
      return;
    }
    setInvitee('');
    await reload();
  };
  const withdraw = async (id: number) => {
    await withdrawing.mutateAsync({ id });
    toasts.add('success', translate('member.withdrawn'));
    await reload();
  };

  return (
    <Box sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField select size="small" label={translate('member.inviteRole')} value={roleLevel} onChange={(e) => setRoleLevel(Number(e.target.value))} sx={{ width: 200 }}>
          {roles.map((r) => (
            <MenuItem key={r.roleLevel} value={r.roleLevel}>
              {translate(`role.${r.roleLabel}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={translate('member.inviteInvitee')}
          value={invitee}
          onChange={(e) => setInvitee(e.target.value)}
          error={Boolean(inviteeError)}
          helperText={inviteeError ?? translate('member.inviteInviteeHelp')}
          sx={{ width: 280 }}
        />
        <Button variant="contained" onClick={() => void invite().catch(() => undefined)} disabled={roleLevel === ''}>
          {translate('member.invite')}
        </Button>
      </Box>
      {created && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1, maxWidth: 720 }}>
          <TextField size="small" fullWidth label={translate('member.inviteLink')} value={signupLink(created)} slotProps={{ htmlInput: { readOnly: true } }} />
          <Button startIcon={<ContentCopyIcon />} onClick={() => void copy(signupLink(created), translate('resources.invitation.copied'), translate('resources.invitation.copyFailed'))}>
            {translate('resources.invitation.copy')}
          </Button>
        </Box>
      )}
      {open.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h2" sx={{ mt: 2 }}>
            {translate('member.openInvitations')}
          </Typography>
          <Table size="small" aria-label={translate('member.openInvitations')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.invitation.fields.code')}</TableCell>
                <TableCell>{translate('resources.invitation.fields.invitee')}</TableCell>
                <TableCell>{translate('resources.member.fields.roleLabel')}</TableCell>
                <TableCell>{translate('resources.invitation.fields.expiresAt')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {open.map((i) => (
                <TableRow key={i.id}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{i.code}</TableCell>
                  <TableCell>{i.invitee}</TableCell>
                  <TableCell>{translate(`role.${i.roleLabel}`)}</TableCell>
                  <TableCell>{format.dateTime(i.expiresAt)}</TableCell>
                  <TableCell align="right">
                    <Button size="small" color="error" onClick={() => void withdraw(i.id).catch(() => undefined)}>
                      {translate('resources.invitation.withdraw')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Box>
  );
}
