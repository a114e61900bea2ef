import { Box, Card, CardContent, Tab, Tabs, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useFormat } from '../../i18n/useFormat';
import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  SimpleList,
  Title,
  useGetList,
  useTranslate,
  useCanAccess,
  useStore,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { proposalReference } from '../../contract/proposalReference';
import type { ProposalRecord } from '../../contract/schemas/sign';
import { isServerError } from '../../shell/errors/isServerError';
import { ServerErrorPage } from '../../shell/errors/statusPages';
import { LIST_PAGE_SIZE } from '../engine/listPage';
import { ListFailure } from '../engine/views/loadFailure';
import { RowChain, ShowingChain } from '../engine/views/ListChain';
import { useSession } from '../../session';
import { SignLogExportButton } from './SignLogExportButton';
import { SignLogList } from './SignLogList';
import { ProposalStatusChip } from './ProposalStatusChip';
import { queueRead } from './queueRead';
import { nonceFirstText, proposalKindLabel, proposalObject, proposalSummary } from './proposalSummary';

type Row = ProposalRecord & { id: number };

/**
 * The queue and the history follow the app bar's chain, as every chain-scoped list does
 * (docs/DECISIONS.md "The multisig queue follows the chain selector"); no chain, no filter.
 */
function useChainFilter(): { chainId?: number } {
  const chainId = useSession().currentChainObj?.chainId;
  return chainId === undefined ? {} : { chainId };
}

/** One row of the queue, Safe-style: which proposal, what, its chain, how far, and why it waits. Wraps on a phone. */
function QueueRow({ proposal }: { proposal: ProposalRecord }) {
  const translate = useTranslate();
  const waitsFor = nonceFirstText(proposal, translate);
  return (
    <Box
      component={Link}
      to={`/multisig/${proposal.proposalId}/show`}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 0.5,
        alignItems: 'center',
        p: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        color: 'inherit',
        textDecoration: 'none',
        '&:hover': { bgcolor: 'action.hover' },
      }}
      data-testid={`proposal-${proposal.proposalId}`}
    >
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography fontWeight={600} data-testid="proposal-reference">
          {proposalReference(proposal)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {proposalSummary(proposal, translate)}
        </Typography>
      </Box>
      <Typography variant="body2">{translate('multisig.approvalsOf', { x: proposal.approvalCount, m: proposal.threshold })}</Typography>
      <RowChain chainId={proposal.chainId} />
      <ProposalStatusChip status={proposal.status} />
      {waitsFor && (
        <Typography variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }}>
          {waitsFor}
        </Typography>
      )}
    </Box>
  );
}

/**
 * Every open proposal at once (up to the API's largest page), not a page of them: the next nonce
 * of each wallet must be in view, and a page by nonce could leave one wallet's next on page two.
 */
function Queue() {
  const translate = useTranslate();
  const chainId = useSession().currentChainObj?.chainId;
  // No retries, as the History tab's List: a server fault shows at once, toasted once. The read a deep link starts at boot.
  const { data = [], isPending, error } = useGetList<Row>('multisig', queueRead({ chainId }), { retry: false });
  const next = data.filter((p) => p.isNext);
  const queued = data.filter((p) => !p.isNext);
  if (isPending) return null;
  if (isServerError(error)) return <ServerErrorPage />;
  return (
    <Box>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate('multisig.next')}
      </Typography>
      {next.length === 0 ? (
        <Typography color="text.secondary">{translate('multisig.emptyQueue')}</Typography>
      ) : (
        next.map((p) => <QueueRow key={p.id} proposal={p} />)
      )}
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        {translate('multisig.queued')}
      </Typography>
      {queued.length === 0 ? <Typography color="text.secondary">—</Typography> : queued.map((p) => <QueueRow key={p.id} proposal={p} />)}
    </Box>
  );
}

/** Closed proposals, newest first, paged like every list; on a phone one line per proposal instead of columns. */
function History() {
  const translate = useTranslate();
  const format = useFormat();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const chain = useChainFilter();
  const rows = phone ? (
    <SimpleList<Row>
      linkType="show"
      primaryText={(p) => proposalReference(p)}
      secondaryText={(p) => proposalSummary(p, translate)}
      tertiaryText={(p) => (
        <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
          <RowChain chainId={p.chainId} />
          <ProposalStatusChip status={p.status} />
        </Box>
      )}
    />
  ) : (
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <FunctionField
        label={translate('multisig.proposal')}
        render={(p: ProposalRecord) => <span data-testid="proposal-reference">{proposalReference(p)}</span>}
      />
      <FunctionField
        source="chainId"
        sortable={false}
        label={translate('chain.select')}
        render={(p: ProposalRecord) => <RowChain chainId={p.chainId} />}
      />
      <FunctionField source="kind" render={(p: ProposalRecord) => proposalKindLabel(p.kind, translate)} />
      <FunctionField source="amount" render={(p: ProposalRecord) => proposalObject(p, translate)} />
      <FunctionField source="status" render={(p: ProposalRecord) => <ProposalStatusChip status={p.status} />} />
      <FunctionField source="updatedAt" render={(p: ProposalRecord) => format.dateTime(p.updatedAt)} />
    </Datagrid>
  );
  return (
    <List
      resource="multisig"
      filter={{ state: 'closed', ...chain }}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={LIST_PAGE_SIZE}
      actions={false}
      disableSyncWithLocation
      title=" "
      error={<ListFailure>{rows}</ListFailure>}
    >
      {rows}
    </List>
  );
}

const TABS = ['queue', 'history', 'log'] as const;
/** Where react-admin's store keeps the tab shown. */
const TAB_STORE_KEY = 'multisig-tab';

/**
 * /multisig: the queue (next nonce first, then queued), the history and the sign log. The tab is
 * kept in react-admin's store, so Back from a proposal opened in the log lands on the log again.
 */
export default function MultisigQueue() {
  const translate = useTranslate();
  const [kept, setTab] = useStore<(typeof TABS)[number]>(TAB_STORE_KEY, 'queue');
  const tab = TABS.includes(kept) ? kept : 'queue';
  const { canAccess: canStart } = useCanAccess({ resource: 'multisig', action: 'create' });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('menu.multisig')} />
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap' }}>
          <Tabs
            value={tab}
            onChange={(_, value: (typeof TABS)[number]) => setTab(value)}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ flex: 1 }}
          >
            <Tab value="queue" label={translate('multisig.queue')} />
            <Tab value="history" label={translate('multisig.history')} />
            <Tab value="log" label={translate('multisig.signLog.tab')} data-testid="sign-log-tab" />
          </Tabs>
          {/* The log tab has its own export, of what its filters show. */}
          {tab !== 'log' && <SignLogExportButton />}
          {canStart && <CreateButton resource="multisig" label={translate('multisig.start')} />}
        </Box>
        {tab !== 'log' && <ShowingChain />}
        {tab === 'queue' ? <Queue /> : tab === 'history' ? <History /> : <SignLogList />}
      </CardContent>
    </Card>
  );
}
