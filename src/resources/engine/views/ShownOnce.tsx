import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslate } from 'react-admin';
import { copyText } from '../../../shell/clipboard';
import { toasts } from '../../../shell/toast';

/**
 * A secret just made, shown this once (an API key, a webhook's signing secret: docs/api.md
 * "Merchant API keys", docs/webhooks.md): closing the dialog loses it for good. Its texts are the
 * resource's `resources.<resource>.{shownOnceTitle, shownOnce, copy, copied, copyFailed, done}`,
 * the field's label `fields.<field>`, and `note`, a line under the value.
 */
export function ShownOnce({
  resource,
  field,
  value,
  note,
  testId,
  onDone,
}: {
  resource: string;
  field: string;
  value: string;
  note: string;
  testId: string;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const texts = `resources.${resource}`;
  const titleId = `${resource}-shown-once`;
  const copy = async () => {
    // No clipboard (plain http, old browser): the field stays selectable.
    if (await copyText(value)) toasts.add('success', translate(`${texts}.copied`));
    else toasts.add('warning', translate(`${texts}.copyFailed`));
  };
  return (
    <Dialog open aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{translate(`${texts}.shownOnceTitle`)}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(`${texts}.shownOnce`)}
        </Alert>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <MuiTextField
            label={translate(`${texts}.fields.${field}`)}
            value={value}
            size="small"
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                'data-testid': testId,
                onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select(),
              },
            }}
          />
          <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
            {translate(`${texts}.copy`)}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {translate(note)}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          {translate(`${texts}.done`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
