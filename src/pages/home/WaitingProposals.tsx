import { Card, CardContent, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { proposalReference } from '../../contract/proposalReference';
import type { ProposalRecord } from '../../contract/schemas/sign';
import { proposalSummary } from '../../resources/multisig/proposalSummary';

/** The first proposals waiting for my signature, named as the queue names them, each opening its page. */
export function WaitingProposals({ proposals }: { proposals: ProposalRecord[] }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }} data-testid="home-waiting-list">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('multisig.waitingForMe')}
        </Typography>
        {proposals.length === 0 ? (
          <Typography color="text.secondary">{translate('multisig.waitingEmpty')}</Typography>
        ) : (
          <List dense disablePadding>
            {proposals.map((proposal) => (
              <ListItemButton key={proposal.proposalId} component={Link} to={`/multisig/${proposal.proposalId}/show`} divider>
                <ListItemText
                  primary={proposalReference(proposal)}
                  secondary={`${proposalSummary(proposal, translate)} · ${translate('multisig.approvalsOf', { x: proposal.approvalCount, m: proposal.threshold })}`}
                  slotProps={{ primary: { fontWeight: 600 } }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
