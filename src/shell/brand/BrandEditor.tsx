import { useState, type ChangeEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { Title, useTranslate } from 'react-admin';
import { useConsoleDataProvider } from '../consoleQuery';
import { serverFieldErrors } from '../../dataProvider/serverFieldErrors';
import { toasts } from '../toast';
import { brandStore, useBrand, type BrandConfig } from './brandStore';

/** The uploaded images; each is labelled `brand.<field>` (the i18n test checks every one). */
export const IMAGE_FIELDS = ['favicon', 'logo', 'logoDarkMode'] as const;
type FieldErrors = Partial<Record<keyof BrandConfig, string>>;

/**
 * /brand (operator): the four brand fields; images are uploaded to the server, which
 * checks size and type and serves them. Saving applies the brand at once, no rebuild.
 */
export default function BrandEditor() {
  const translate = useTranslate();
  const saved = useBrand();
  const [draft, setDraft] = useState<BrandConfig>(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const dataProvider = useConsoleDataProvider();
  const uploading = useMutation({ mutationFn: dataProvider.uploadBrandImage });
  const saving = useMutation({ mutationFn: dataProvider.saveBrand });

  const set = (field: keyof BrandConfig, value: string) => setDraft((d) => ({ ...d, [field]: value }));

  const upload = async (field: (typeof IMAGE_FIELDS)[number], event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    const id = toasts.loading(translate('brand.uploading'));
    try {
      const { url } = await uploading.mutateAsync(form);
      set(field, url);
      toasts.settle(id, 'success', translate('brand.uploaded'));
    } catch (error) {
      toasts.settle(id, 'error', (error as Error).message);
    }
  };

  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      const brand = await saving.mutateAsync(draft);
      brandStore.set({ ...draft, ...brand });
      toasts.add('success', translate('brand.saved'));
    } catch (error) {
      // The HTTP client has shown the failure; field messages go under their inputs.
      setErrors(serverFieldErrors<keyof BrandConfig>(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={translate('menu.brand')} />
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          {translate('menu.brand')}
        </Typography>
        <Stack spacing={2}>
          <TextField
            label={translate('brand.brandName')}
            value={draft.brandName}
            onChange={(e) => set('brandName', e.target.value)}
            error={Boolean(errors.brandName)}
            helperText={errors.brandName}
          />
          {IMAGE_FIELDS.map((field) => (
            <Box key={field} sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
              <TextField
                label={translate(`brand.${field}`)}
                value={draft[field]}
                onChange={(e) => set(field, e.target.value)}
                error={Boolean(errors[field])}
                helperText={errors[field]}
                sx={{ flex: 1 }}
              />
              {draft[field] && (
                <img src={draft[field]} alt="" style={{ height: 32, background: field === 'logoDarkMode' ? '#333' : 'transparent' }} />
              )}
              <Button component="label" startIcon={<UploadIcon />}>
                {translate('brand.upload')}
                <input
                  hidden
                  type="file"
                  accept="image/png,image/svg+xml,image/x-icon,image/jpeg,image/webp"
                  onChange={(e) => void upload(field, e)}
                />
              </Button>
            </Box>
          ))}
          <Box>
            <Button variant="contained" onClick={() => void save()} disabled={busy}>
              {translate('ra.action.save')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
