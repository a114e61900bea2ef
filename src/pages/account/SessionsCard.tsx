import { useCallback, useEffect, useState } from 'react';
import { Button, Card, CardContent, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';
import { ApiPath, withId } from '../../contract/apiPaths';
import type { AccountSession } from '../../contract/schemas/account';
import type { ListResult } from '../../contract/envelope';
import { http } from '../../http';
import { session } from '../../session';
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
export function SessionsCard({ reloadKey }: { reloadKey: number }) {
  const translate = useTranslate();
  const format = useFormat();
  const [sessions, setSessions] = useState<AccountSession[]>();
  const [serverFailed, setServerFailed] = useState(false);
  const [confirmingCurrent, setConfirmingCurrent] = useState<AccountSession>();

  const load = useCallback(
    () =>
      http.get<ListResult<AccountSession>>(ApiPath.account.sessionList).then(
        (page) => {
          setSessions(page.list);
          setServerFailed(false);
        },
        // The HTTP client has toasted the failure; the table stays empty, or gives way to the /500 content.
        (failure: unknown) => {
          setSessions([]);
          setServerFailed(isServerError(failure));
        },
      ),
    [],
  );
  useEffect(() => {
    void load();
  }, [load, reloadKey]);

  const revoke = async (target: AccountSession) => {
    try {
      await http.post(withId(ApiPath.account.sessionDelete, target.id));
    } catch {
      return;
    }
    if (target.current) {
      session.clear();
      window.location.assign('/login');
      return;
    }
    toasts.add('success', translate('account.revoked'));
    await load();
  };

  const when = (iso: string) => format.dateTime(iso);
  const device = (userAgent: string | null | undefined) => deviceName(userAgent, (browser, os) => translate('account.deviceOn', { browser, os }));

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
          // On a phone the expiry gives way, and what is still too wide scrolls inside the card.
          <TableContainer>
            <Table size="small" aria-label={translate('account.sessions')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('account.createdAt')}</TableCell>
                  <TableCell>{translate('account.lastUsedAt')}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{translate('account.expiresAt')}</TableCell>
                  <TableCell>{translate('account.device')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {(sessions ?? []).map((row) => (
                  <TableRow key={row.id}>
                    <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>{when(row.createdAt)}</TableCell>
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
