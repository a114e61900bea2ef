import { copyText } from '../../shell/clipboard';
import { useCallback, useEffect, useState } from 'react';
import { Box, Button, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslate } from 'react-admin';
import { ApiPath, withId } from '../../contract/apiPaths';
import { mayManageMembers } from '../../contract/memberRules';
import { memberInviteBody, type MemberInvitationRecord } from '../../contract/schemas/member';
import { serverFieldErrors } from '../../dataProvider/serverFieldErrors';
import { schemaValidator } from '../../shell/formValidation';
import { http } from '../../http';
import { useSession } from '../../session';
import { useFormat } from '../../i18n/useFormat';
import { toasts } from '../../shell/toast';
import { signupLink } from '../invitation/signupLink';

interface RoleChoice {
  roleLevel: number;
  roleLabel: string;
}

async function copy(text: string, done: string, failed: string) {
  if (await copyText(text)) toasts.add('success', done);
  else toasts.add('warning', failed);
}

const validateInvite = schemaValidator(memberInviteBody);

/**
 * Above the member list, for the org's managers (/member, docs/roles-and-routes.md): a code for one
 * named account with the role picked, handed over as a /signup link (or redeemed on /account
 * by an existing account of that name); open codes can be withdrawn.
 */
export default function MemberInvitations() {
  const translate = useTranslate();
  const format = useFormat();
  const { selectedOrg, roleIndex } = useSession();
  const manages = selectedOrg !== null && mayManageMembers({ org: selectedOrg, roleIndex }, selectedOrg.orgId);
  const [roles, setRoles] = useState<RoleChoice[]>([]);
  const [roleLevel, setRoleLevel] = useState<number | ''>('');
  const [invitee, setInvitee] = useState('');
  const [inviteeError, setInviteeError] = useState<string | undefined>();
  const [open, setOpen] = useState<MemberInvitationRecord[]>([]);
  const [created, setCreated] = useState<MemberInvitationRecord | null>(null);

  const reload = useCallback(async () => {
    const answer = await http.get<{ list: MemberInvitationRecord[] }>(ApiPath.member.invitationList, { status: 'open', pageSize: 100 });
    setOpen(answer.list);
  }, []);

  useEffect(() => {
    if (!manages) return;
    setCreated(null);
    void http.get<{ list: RoleChoice[] }>(ApiPath.member.roles).then((answer) => setRoles(answer.list));
    void reload();
  }, [manages, selectedOrg?.orgId, reload]);

  if (!manages) return null;

  const invite = async () => {
    if (roleLevel === '') return;
    const body = { roleLevel, invitee };
    const found = validateInvite(body);
    setInviteeError(found.invitee);
    if (Object.keys(found).length > 0) return;
    try {
      setCreated(await http.post<MemberInvitationRecord>(ApiPath.member.invite, body));
    } catch (failure) {
      setInviteeError(serverFieldErrors<'invitee'>(failure).invitee);
      return;
    }
    setInvitee('');
    await reload();
  };
  const withdraw = async (id: number) => {
    await http.post(withId(ApiPath.member.invitationDelete, id));
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
