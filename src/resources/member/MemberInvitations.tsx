import { copyText } from '../../shell/clipboard';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Form, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
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

/** Sends the form; there is nothing to send until a role is picked. */
function InviteButton() {
  const translate = useTranslate();
  const roleLevel = useWatch({ name: 'roleLevel' }) as unknown;
  return (
    <Button type="submit" variant="contained" disabled={typeof roleLevel !== 'number'}>
      {translate('member.invite')}
    </Button>
  );
}

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
  const orgId = selectedOrg?.orgId ?? null;
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  // The form starts again empty after each invitation, the role kept.
  const [form, setForm] = useState<{ key: number; roleLevel: number | '' }>({ key: 0, roleLevel: '' });
  // The link just made, for the org it was made in: another org shows none.
  const [made, setMade] = useState<{ orgId: number | null; invitation: MemberInvitationRecord } | null>(null);
  const created = made?.orgId === orgId ? made.invitation : null;

  const roles =
    useQuery({
      queryKey: consoleKey('memberRoles', orgId),
      queryFn: ({ signal }) => dataProvider.memberRoles({ signal }),
      enabled: manages,
      ...CONSOLE_QUERY,
    }).data?.list ?? [];
  const open =
    useQuery({
      queryKey: consoleKey('memberInvitations', orgId),
      queryFn: ({ signal }) => dataProvider.memberInvitations({ signal }),
      enabled: manages,
      ...CONSOLE_QUERY,
    }).data?.list ?? [];
  const reload = () => queryClient.invalidateQueries({ queryKey: consoleKeyPrefix('memberInvitations') });
  const inviting = useMutation({ mutationFn: dataProvider.inviteMember });
  const withdrawing = useMutation({ mutationFn: dataProvider.withdrawInvitation });

  if (!manages) return null;

  const invite = async (values: Record<string, unknown>) => {
    const roleLevel = values.roleLevel;
    if (typeof roleLevel !== 'number') return;
    const body = { roleLevel, invitee: String(values.invitee ?? '') };
    try {
      setMade({ orgId, invitation: await inviting.mutateAsync(body) });
    } catch (failure) {
      return serverFieldErrors<'invitee'>(failure);
    }
    setForm((f) => ({ key: f.key + 1, roleLevel }));
    await reload();
  };
  const withdraw = async (id: number) => {
    await withdrawing.mutateAsync({ id });
    toasts.add('success', translate('member.withdrawn'));
    await reload();
  };

  return (
    <Box sx={{ p: 2 }}>
      {/* A react-admin form, checked with the server's schema before anything is sent. */}
      <Form
        key={form.key}
        defaultValues={{ roleLevel: form.roleLevel, invitee: '' }}
        validate={validateInvite}
        onSubmit={invite}
        noValidate
        disableInvalidFormNotification
      >
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <SelectInput
            source="roleLevel"
            label={translate('member.inviteRole')}
            choices={roles.map((r) => ({ id: r.roleLevel, name: translate(`role.${r.roleLabel}`) }))}
            emptyText=""
            helperText={false}
            size="small"
            margin="none"
            sx={{ width: 200 }}
          />
          <TextInput
            source="invitee"
            label={translate('member.inviteInvitee')}
            helperText={translate('member.inviteInviteeHelp')}
            size="small"
            margin="none"
            sx={{ width: 280 }}
          />
          <InviteButton />
        </Box>
      </Form>
      {created && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1, maxWidth: 720 }}>
          <TextField
            size="small"
            fullWidth
            label={translate('member.inviteLink')}
            value={signupLink(created)}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <Button
            startIcon={<ContentCopyIcon />}
            onClick={() =>
              void copy(signupLink(created), translate('resources.invitation.copied'), translate('resources.invitation.copyFailed'))
            }
          >
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
