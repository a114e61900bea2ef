import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

const colors: Record<string, 'default' | 'primary' | 'success' | 'error' | 'warning'> = {
  pending: 'warning',
  approved: 'primary',
  executed: 'success',
  denied: 'error',
  expired: 'default',
  superseded: 'default',
};

export function ProposalStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return <Chip size="small" color={colors[status] ?? 'default'} label={translate(`multisig.status.${status}`)} />;
}
