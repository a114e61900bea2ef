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
import { useState, type ReactNode } from 'react';
import { Create, useRedirect, useTranslate } from 'react-admin';
import type { ResourceViewProps } from '../types';
import { useResourceName } from './common';
import { copyText } from '../../../shell/clipboard';
import { toasts } from '../../../shell/toast';

/** Which secret a dialog shows: the answer's field (also its label's key), the line under it, the value's test id. */
export interface SecretShown {
  field: string;
  note: string;
  testId: string;
}

/**
 * A secret just made, shown this once (an API key, a webhook's signing secret: docs/api.md
 * "Merchant API keys", docs/webhooks.md): closing the dialog loses it for good. Its texts are the
 * resource's `resources.<resource>.{shownOnceTitle, shownOnce, copy, copied, copyFailed, done}`,
 * the field's label `fields.<field>`, and `note`, a line under the value.
 */
export function ShownOnce({
  resource,
  secret,
  value,
  onDone,
}: {
  resource: string;
  secret: SecretShown;
  value: string;
  onDone: () => void;
}) {
  const { field, note, testId } = secret;
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

/**
 * A resource's Create whose answer carries a secret shown once (`secret.field` of the answer): on
 * success the dialog, then the list. The form is the children; `transform` what it sends.
 */
export function CreateShowingSecret({
  definition,
  secret,
  transform,
  children,
}: Pick<ResourceViewProps, 'definition'> & {
  secret: SecretShown;
  transform: (data: Record<string, unknown>) => Record<string, unknown>;
  children: ReactNode;
}) {
  const redirect = useRedirect();
  const title = useResourceName(definition)(1);
  const [created, setCreated] = useState<string | null>(null);
  return (
    <>
      <Create
        resource={definition.resourceName}
        title={title}
        redirect={false}
        mutationOptions={{
          onSuccess: (data: Record<string, unknown>) => {
            const value = data[secret.field];
            setCreated(typeof value === 'string' ? value : null);
          },
        }}
        transform={transform}
      >
        {children}
      </Create>
      {created && (
        <ShownOnce
          resource={definition.name}
          secret={secret}
          value={created}
          onDone={() => {
            setCreated(null);
            redirect('list', definition.resourceName);
          }}
        />
      )}
    </>
  );
}
