import { Box, Button, TextField } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslate } from 'react-admin';
import { copyText } from '../../shell/clipboard';
import { toasts } from '../../shell/toast';
import { signupLink } from './signupLink';

/** An open code's /signup link, read-only and selectable, with a Copy button: what its issuer hands over. */
export function SignupLinkField({ invitation }: { invitation: { code: string; invitee: string | null } }) {
  const translate = useTranslate();
  const link = signupLink(invitation);
  const copy = async () => {
    // No clipboard (plain http, old browser): the field stays selectable.
    if (await copyText(link)) toasts.add('success', translate('resources.invitation.copied'));
    else toasts.add('warning', translate('resources.invitation.copyFailed'));
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', width: '100%', maxWidth: 640 }}>
      <TextField
        label={translate('resources.invitation.link')}
        value={link}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() } }}
      />
      <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
        {translate('resources.invitation.copy')}
      </Button>
    </Box>
  );
}
