import { useState } from 'react';
import { Box, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import { CreateButton, Datagrid, DateField, FunctionField, List, TextField, Title, useGetList, useTranslate, useCanAccess } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ProposalRecord } from '../../contract/schemas/sign';
import { isServerError } from '../../shell/errors/isServerError';
import { ServerErrorPage } from '../../shell/errors/statusPages';
import { ListFailure } from '../engine/views/loadFailure';
import { ProposalStatusChip } from './ProposalStatusChip';
import { proposalObject, proposalSummary } from './proposalSummary';

/** One row of the queue, Safe-style: nonce, what, how far, and why it waits. */
function QueueRow({ proposal }: { proposal: ProposalRecord }) {
  const translate = useTranslate();
  return (
    <Box
      component={Link}
      to={`/multisig/${proposal.proposalId}/show`}
      sx={{ display: 'flex', gap: 2, alignItems: 'center', p: 1.5, borderBottom: 1, borderColor: 'divider', color: 'inherit', textDecoration: 'none', '&:hover': { bgcolor: 'action.hover' } }}
      data-testid={`proposal-${proposal.proposalId}`}
    >
      <Typography sx={{ width: 90 }}>#{proposal.nonce}</Typography>
      <Typography sx={{ flex: 1 }}>
        {proposalSummary(proposal, translate)} — {proposal.walletLabel}
      </Typography>
      <Typography sx={{ width: 120 }}>{translate('multisig.approvalsOf', { x: proposal.approvalCount, m: proposal.threshold })}</Typography>
      <ProposalStatusChip status={proposal.status} />
      {proposal.blockedByNonce !== null && (
        <Typography variant="body2" color="text.secondary" sx={{ width: 220 }}>
          {translate('multisig.nonceFirst', { nonce: proposal.blockedByNonce })}
        </Typography>
      )}
    </Box>
  );
}

function Queue() {
  const translate = useTranslate();
  // No retries, as the History tab's List: a server fault shows at once, toasted once.
  const { data = [], isPending, error } = useGetList<ProposalRecord & { id: number }>(
    'multisig',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'nonce', order: 'ASC' }, filter: { state: 'open' } },
    { retry: false },
  );
  const next = data.filter((p) => p.isNext);
  const queued = data.filter((p) => !p.isNext);
  if (isPending) return null;
  if (isServerError(error)) return <ServerErrorPage />;
  return (
    <Box>
      <Typography variant="h6" sx={{ mt: 2 }}>
        {translate('multisig.next')}
      </Typography>
      {next.length === 0 ? <Typography color="text.secondary">{translate('multisig.emptyQueue')}</Typography> : next.map((p) => <QueueRow key={p.id} proposal={p} />)}
      <Typography variant="h6" sx={{ mt: 3 }}>
        {translate('multisig.queued')}
      </Typography>
      {queued.length === 0 ? <Typography color="text.secondary">—</Typography> : queued.map((p) => <QueueRow key={p.id} proposal={p} />)}
    </Box>
  );
}

function History() {
  const translate = useTranslate();
  const rows = (
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="nonce" />
      <TextField source="walletLabel" />
      <FunctionField source="kind" render={(p: ProposalRecord) => translate(`multisig.kind.${p.kind}`)} />
      <FunctionField source="amount" render={(p: ProposalRecord) => proposalObject(p, translate)} />
      <FunctionField source="status" render={(p: ProposalRecord) => <ProposalStatusChip status={p.status} />} />
      <DateField source="updatedAt" showTime />
    </Datagrid>
  );
  return (
    <List
      resource="multisig"
      filter={{ state: 'closed' }}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      actions={false}
      disableSyncWithLocation
      title=" "
      error={<ListFailure>{rows}</ListFailure>}
    >
      {rows}
    </List>
  );
}

/** /multisig: the queue (next nonce first, then queued) and the history. */
export default function MultisigQueue() {
  const translate = useTranslate();
  const [tab, setTab] = useState(0);
  const { canAccess: canStart } = useCanAccess({ resource: 'multisig', action: 'create' });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('menu.multisig')} />
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Tabs value={tab} onChange={(_, value: number) => setTab(value)} sx={{ flex: 1 }}>
            <Tab label={translate('multisig.queue')} />
            <Tab label={translate('multisig.history')} />
          </Tabs>
          {canStart && <CreateButton resource="multisig" label={translate('multisig.start')} />}
        </Box>
        {tab === 0 ? <Queue /> : <History />}
      </CardContent>
    </Card>
  );
}
