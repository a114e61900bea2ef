import { useState } from 'react';
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
import { CheckboxGroupInput, Create, SimpleForm, TextInput, useRedirect, useTranslate } from 'react-admin';
import { API_KEY_SCOPES } from '../../contract/apiKey';
import { validate } from '../../contract/validation';
import type { ResourceViewProps } from '../engine/types';
import { useResourceName } from '../engine/views/common';
import { copyText } from '../../shell/clipboard';
import { toasts } from '../../shell/toast';

const scopeChoices = API_KEY_SCOPES.map((id) => ({ id, name: `resources.api-key.scope.${id}` }));

/**
 * The key just created, shown this once (docs/api.md "Merchant API keys"): the server keeps only
 * its hash, so closing the dialog loses it for good.
 */
function ShownOnce({ apiKey, onDone }: { apiKey: string; onDone: () => void }) {
  const translate = useTranslate();
  const copy = async () => {
    // No clipboard (plain http, old browser): the field stays selectable.
    if (await copyText(apiKey)) toasts.add('success', translate('resources.api-key.copied'));
    else toasts.add('warning', translate('resources.api-key.copyFailed'));
  };
  return (
    <Dialog open aria-labelledby="api-key-shown-once" maxWidth="sm" fullWidth>
      <DialogTitle id="api-key-shown-once">{translate('resources.api-key.shownOnceTitle')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('resources.api-key.shownOnce')}
        </Alert>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <MuiTextField
            label={translate('resources.api-key.fields.key')}
            value={apiKey}
            size="small"
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                'data-testid': 'api-key-secret',
                onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select(),
              },
            }}
          />
          <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
            {translate('resources.api-key.copy')}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {translate('resources.api-key.onlyMerchantApi')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          {translate('resources.api-key.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A name and the scopes; on success the key in a dialog, once, then the list. */
export default function ApiKeyCreate({ definition, schemas }: ResourceViewProps) {
  const translate = useTranslate();
  const redirect = useRedirect();
  const title = useResourceName(definition)(1);
  const [created, setCreated] = useState<string | null>(null);
  const check = (values: Record<string, unknown>) => {
    if (!schemas?.create) return {};
    const verdict = validate(schemas.create, values);
    if (verdict.ok) return {};
    const errors: Record<string, string> = {};
    for (const [field, message] of Object.entries(verdict.errors))
      errors[field.split('.')[0]!] ??= translate(message.key, { _: message.key, ...message.params });
    return errors;
  };
  return (
    <>
      <Create
        resource={definition.resourceName}
        title={title}
        redirect={false}
        mutationOptions={{ onSuccess: (data: Record<string, unknown>) => setCreated(typeof data.key === 'string' ? data.key : null) }}
        transform={(data: Record<string, unknown>) => ({ name: data.name, scopes: data.scopes })}
      >
        <SimpleForm validate={check} defaultValues={{ name: '', scopes: ['orders:write', 'orders:read'] }}>
          <TextInput source="name" label="resources.api-key.fields.name" isRequired />
          <CheckboxGroupInput source="scopes" label="resources.api-key.fields.scopes" choices={scopeChoices} isRequired />
        </SimpleForm>
      </Create>
      {created && (
        <ShownOnce
          apiKey={created}
          onDone={() => {
            setCreated(null);
            redirect('list', definition.resourceName);
          }}
        />
      )}
    </>
  );
}
