import { Box } from '@mui/material';
import ReportSummary from '../reports/ReportSummary';
import type { ResourceViewProps } from '../engine/types';
import { AuditChainStatus } from './AuditChainStatus';

/** Above the events: the days and time zone as the reports pick them, and for the operator the chain's check. */
export default function AuditLogSummary({ definition }: ResourceViewProps) {
  return (
    <Box>
      <ReportSummary definition={definition} />
      <AuditChainStatus />
    </Box>
  );
}
