import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';
import type { AccountSession } from '../../contract/schemas/account';
import { session } from '../../session';
import { leaveForSignIn } from '../../startup/signOutReason';
import { CONSOLE_QUERY, consoleKey, consoleKeyPrefix, useConsoleDataProvider, useSelectedOrgId } from '../../shell/consoleQuery';
import { toasts } from '../../shell/toast';
import { isServerError } from '../../shell/errors/isServerError';
import { ServerErrorPage } from '../../shell/errors/statusPages';
import { useFormat } from '../../i18n/useFormat';
import { deviceName } from './deviceName';

const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * Where the user is signed in, newest first. Revoking another session ends it at once;
 * revoking this device's session (after a confirmation) signs the user out here, like an
 * ended session does: the page reloads at /login.
 */
export function SessionsCard() {
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  const [confirmingCurrent, setConfirmingCurrent] = useState<AccountSession>();

  // A password change signs out the other sessions: PasswordCard invalidates this list after it.
  const list = useQuery({
    queryKey: consoleKey('accountSessions', useSelectedOrgId()),
    queryFn: ({ signal }) => dataProvider.accountSessions({ signal }),
    ...CONSOLE_QUERY,
  });
  // The HTTP client has toasted a failure; the table stays empty, or gives way to the /500 content.
  const sessions = list.data?.list ?? [];
  const serverFailed = isServerError(list.error);

  const revocation = useMutation({
    mutationFn: (target: AccountSession) => dataProvider.revokeSession({ id: target.id }),
    onSuccess: async (_answer, target) => {
      if (target.current) {
        session.clear();
        leaveForSignIn();
        return;
      }
      toasts.add('success', translate('account.revoked'));
      await queryClient.invalidateQueries({ queryKey: consoleKeyPrefix('accountSessions') });
    },
  });
  // Toasted by the HTTP client.
  const revoke = (target: AccountSession) => revocation.mutateAsync(target).catch(() => undefined);

  const when = (iso: string) => format.dateTime(iso);
  const device = (userAgent: string | null | undefined) =>
    deviceName(userAgent, (browser, os) => translate('account.deviceOn', { browser, os }));

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('account.sessions')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('account.sessionsIntro')}
        </Typography>
        {serverFailed ? (
          <ServerErrorPage />
        ) : (
          // On a phone the sign-in time and the expiry give way (last used and the device tell a
          // session apart), so the row, Revoke included, fits 390 px without scrolling.
          <TableContainer>
            <Table size="small" aria-label={translate('account.sessions')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={WIDE_ONLY}>{translate('account.createdAt')}</TableCell>
                  <TableCell>{translate('account.lastUsedAt')}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{translate('account.expiresAt')}</TableCell>
                  <TableCell>{translate('account.device')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {sessions.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{when(row.createdAt)}</TableCell>
                    <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }} data-testid="session-last-used">
                      {when(row.lastUsedAt)}
                    </TableCell>
                    <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{when(row.expiresAt)}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>
                      {row.current && <Chip size="small" color="primary" label={translate('account.thisDevice')} sx={{ mr: 1 }} />}
                      <span title={row.userAgent ?? undefined}>{device(row.userAgent) ?? translate('account.unknownDevice')}</span>
                    </TableCell>
                    <TableCell align="right">
                      <Button color="error" onClick={() => (row.current ? setConfirmingCurrent(row) : void revoke(row))}>
                        {translate('account.revoke')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <Confirm
          isOpen={confirmingCurrent !== undefined}
          title="account.revokeCurrentTitle"
          content="account.revokeCurrentText"
          onConfirm={() => confirmingCurrent && void revoke(confirmingCurrent)}
          onClose={() => setConfirmingCurrent(undefined)}
        />
      </CardContent>
    </Card>
  );
}
