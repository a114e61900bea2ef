import { Card, CardContent, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { proposalReference } from '../../contract/proposalReference';
import type { ProposalRecord } from '../../contract/schemas/sign';
import { proposalSummary } from '../../resources/multisig/proposalSummary';
import { proposalPagePath } from '../../resources/multisig/proposalPage';
import { useSession } from '../../session';

/**
 * The first proposals waiting for my signature, named as the queue names them, each opening its
 * page: the queue's, or for a lite signer the one under the lite wallets (/merchant-lite-wallet).
 */
export function WaitingProposals({
  proposals,
  testId = 'home-waiting-list',
  title = 'multisig.waitingForMe',
  empty = 'multisig.waitingEmpty',
}: {
  proposals: ProposalRecord[];
  testId?: string;
  /** Translation keys of the heading and of the line shown when there is none. */
  title?: string;
  empty?: string;
}) {
  const translate = useTranslate();
  const { roleIndex } = useSession();
  return (
    <Card sx={{ mt: 2 }} data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(title)}
        </Typography>
        {proposals.length === 0 ? (
          <Typography color="text.secondary">{translate(empty)}</Typography>
        ) : (
          <List dense disablePadding>
            {proposals.map((proposal) => (
              // A list holds list items only (axe "list"): the link sits inside one.
              <ListItem key={proposal.proposalId} disablePadding divider>
                <ListItemButton component={Link} to={proposalPagePath(roleIndex, proposal.proposalId) ?? '/403'}>
                  <ListItemText
                    primary={proposalReference(proposal)}
                    secondary={`${proposalSummary(proposal, translate)} · ${translate('multisig.approvalsOf', { x: proposal.approvalCount, m: proposal.threshold })}`}
                    slotProps={{ primary: { fontWeight: 600 } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
