import { useState, type MouseEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Box, Button, Divider, IconButton, ListItemText, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../session';
import { CONSOLE_QUERY, consoleKey, consoleKeyPrefix, useConsoleDataProvider } from '../consoleQuery';
import { proposalPagePath } from '../../resources/multisig/proposalPage';
import { proposalReference } from '../../contract/proposalReference';
import { PROPOSAL_NOTICE, type NotificationRecord } from '../../contract/schemas/notification';
import { WEBHOOK_DISABLED_NOTICE } from '../../contract/webhook';

/** How often the bell asks again (docs/webhooks.md "Notifications in the app bar"): a poll, no socket. */
export const NOTIFICATION_POLL_MS = 30_000;

/** What a notice says and where it leads; a kind this console does not know is still listed. */
function useNoticeText() {
  const translate = useTranslate();
  const { roleIndex } = useSession();
  return (notice: NotificationRecord): { primary: string; secondary: string; to: string | null } => {
    const data = notice.data;
    if (notice.kind === PROPOSAL_NOTICE && typeof data.proposalId === 'number') {
      const kind = translate(`multisig.kind.${String(data.kind)}`, { _: String(data.kind) });
      const reference = proposalReference({ walletLabel: String(data.walletLabel), nonce: Number(data.nonce) });
      const amount = data.kind === 'governance' ? '' : ` · ${String(data.amount)} ${String(data.symbol)}`;
      return {
        primary: translate('notification.proposalWaits', { kind }),
        secondary: `${reference}${amount}`,
        to: proposalPagePath(roleIndex, data.proposalId),
      };
    }
    if (notice.kind === WEBHOOK_DISABLED_NOTICE && typeof data.endpointId === 'number')
      return { primary: translate('notification.webhookDisabled'), secondary: String(data.url), to: `/webhook/${data.endpointId}/show` };
    return { primary: translate('notification.other'), secondary: notice.kind, to: null };
  };
}

/**
 * The app bar's bell: the caller's unread count in the selected org and their latest notices (a
 * proposal waiting for their approval: what, which wallet, how much, a link to it). Opening one
 * marks it read; "Mark all read" marks them all. Asked again every 30 seconds and after a mark.
 */
export function NotificationBell() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { account } = useSession();
  const orgId = useSession().selectedOrg?.orgId ?? null;
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  const text = useNoticeText();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const notices = useQuery({
    queryKey: consoleKey('notifications', orgId, account),
    queryFn: ({ signal }) => dataProvider.notifications({ signal }),
    enabled: account !== null && orgId !== null,
    refetchInterval: NOTIFICATION_POLL_MS,
    ...CONSOLE_QUERY,
  });
  const reread = () => queryClient.invalidateQueries({ queryKey: consoleKeyPrefix('notifications') });
  const readOne = useMutation({ mutationFn: dataProvider.readNotification, onSettled: reread });
  const readAll = useMutation({ mutationFn: dataProvider.readAllNotifications, onSettled: reread });

  if (account === null || orgId === null) return null;
  const unread = notices.data?.unread ?? 0;
  const list = notices.data?.list ?? [];
  const label = unread > 0 ? translate('notification.unread', { count: unread }) : translate('notification.title');

  const open = (notice: NotificationRecord) => {
    setAnchor(null);
    if (notice.readAt === null) readOne.mutate({ id: notice.id });
    const { to } = text(notice);
    if (to) navigate(to);
  };

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          data-testid="notification-bell"
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        >
          {/* No digits at all while nothing is unread (a hidden "0" is still text inside the button, which its name does not say);
              otherwise the name starts with the count the badge shows. */}
          {unread > 0 ? (
            <Badge
              badgeContent={unread}
              color="error"
              max={999}
              data-testid="notification-count"
              slotProps={{ badge: { 'aria-hidden': true } }}
            >
              <NotificationsIcon />
            </Badge>
          ) : (
            <NotificationsIcon />
          )}
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 360, maxWidth: '100vw' } } }}
      >
        <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="subtitle1" component="h2">
            {translate('notification.title')}
          </Typography>
          <Button size="small" disabled={unread === 0 || readAll.isPending} onClick={() => readAll.mutate()}>
            {translate('notification.markAllRead')}
          </Button>
        </Box>
        <Divider />
        {list.length === 0 && (
          <MenuItem disabled>
            <ListItemText primary={translate('notification.empty')} />
          </MenuItem>
        )}
        {list.map((notice) => {
          const { primary, secondary } = text(notice);
          const fresh = notice.readAt === null;
          return (
            <MenuItem key={notice.id} onClick={() => open(notice)} data-testid="notification-item" data-unread={fresh}>
              <ListItemText
                primary={primary}
                secondary={secondary}
                slotProps={{ primary: { sx: { fontWeight: fresh ? 600 : 400, whiteSpace: 'normal' } } }}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
