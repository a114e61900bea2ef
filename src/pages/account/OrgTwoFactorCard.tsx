import { useEffect, useState } from 'react';
import { Card, CardContent, FormControlLabel, Switch, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ApiPath } from '../../contract/apiPaths';
import type { OrgTwoFactor } from '../../contract/schemas/twoFactor';
import { http } from '../../http';
import { useSession } from '../../session';
import { toasts } from '../../shell/toast';

/**
 * A manager makes a second factor mandatory for every member of the selected org. Turning it
 * on needs the manager's own second factor and a step-up (the dialog asks when the server does).
 */
export function OrgTwoFactorCard() {
  const translate = useTranslate();
  const { selectedOrg } = useSession();
  const [required, setRequired] = useState<boolean>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    http.get<OrgTwoFactor>(ApiPath.org.twoFactor).then(
      (answer) => setRequired(answer.required),
      () => setRequired(undefined),
    );
  }, [selectedOrg?.orgId]);

  const change = async (next: boolean) => {
    setBusy(true);
    try {
      setRequired((await http.post<OrgTwoFactor>(ApiPath.org.twoFactor, { required: next })).required);
      toasts.add('success', translate(next ? 'twoFactor.orgRequiredOn' : 'twoFactor.orgRequiredOff'));
    } catch {
      // Toasted by the HTTP client (a manager without a second factor is told to enrol first).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('twoFactor.orgTitle', { org: selectedOrg?.orgName ?? '' })}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('twoFactor.orgIntro')}
        </Typography>
        <FormControlLabel
          control={<Switch checked={required === true} disabled={busy || required === undefined} onChange={(e) => void change(e.target.checked)} />}
          label={translate('twoFactor.orgRequire')}
        />
      </CardContent>
    </Card>
  );
}
