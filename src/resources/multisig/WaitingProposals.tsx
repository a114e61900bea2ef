import type { ReactNode } from 'react';
import { Card, CardContent, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { proposalReference } from '../../contract/proposalReference';
import type { ProposalRecord } from '../../contract/schemas/sign';
import { proposalSummary } from './proposalSummary';
import { proposalPagePath } from './proposalPage';
import { useSession } from '../../session';

/**
 * The first proposals waiting for my signature (or, on a movement screen, those of its kind),
 * named as the queue names them, each opening its page: the queue's, or for a lite signer the one
 * under the lite wallets (/merchant-lite-wallet). /home, the lite wallets and the movement screens show it.
 */
export function WaitingProposals({
  proposals,
  testId = 'home-waiting-list',
  title = 'multisig.waitingForMe',
  empty = 'multisig.waitingEmpty',
  emptyText,
  intro,
  footer,
}: {
  proposals: ProposalRecord[];
  testId?: string;
  /** Translation keys of the heading and of the line shown when there is none (or that line in words). */
  title?: string;
  empty?: string;
  emptyText?: string;
  /** A line under the heading, and what follows the list (a link to more). */
  intro?: ReactNode;
  footer?: ReactNode;
}) {
  const translate = useTranslate();
  const { roleIndex } = useSession();
  return (
    <Card sx={{ mt: 2 }} data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(title)}
        </Typography>
        {intro}
        {proposals.length === 0 ? (
          <Typography color="text.secondary">{emptyText ?? translate(empty)}</Typography>
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
        {footer}
      </CardContent>
    </Card>
  );
}
