import { Link as MuiLink, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  DateInput,
  FilterButton,
  List,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useListContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { SIGN_ACTIONS } from '../../contract/contractKinds';
import { MAX_PAGE_SIZE } from '../../contract/constants';
import { optionalProposalReference } from '../../contract/proposalReference';
import type { SignLogListRecord } from '../../contract/schemas/sign';
import { useFormat } from '../../i18n/useFormat';
import { useSession } from '../../session';
import { LIST_PAGE_SIZE } from '../engine/listPage';
import { ListFailure } from '../engine/views/loadFailure';
import { proposalPagePath } from './proposalPage';
import { SignLogExportButton } from './SignLogExportButton';
import { SIGN_LOG_RESOURCE } from './signLists';

type Row = SignLogListRecord & RaRecord;
/** The table's column, typed by its row. */
const Col = DataTable.Col<Row>;

/** A day picked in the filter, as the instant the server compares with: its first moment, or its last (local time). */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : null);
const dayEnd = (day: string) => (day ? new Date(`${day}T23:59:59.999`).toISOString() : null);

/** "Aurora cold · #4", linked to the proposal's page (the queue's, for every role that sees this list). */
function ProposalLink({ row }: { row: Row }) {
  const { roleIndex } = useSession();
  const name = optionalProposalReference(row.walletLabel, row.proposalNonce) ?? `#${row.proposalId}`;
  const path = proposalPagePath(roleIndex, row.proposalId);
  return path ? (
    <MuiLink component={Link} to={path} data-testid="sign-log-proposal" onClick={(event) => event.stopPropagation()}>
      {name}
    </MuiLink>
  ) : (
    <span>{name}</span>
  );
}

/** What happened, in words ("Approved"), never the API's action code. */
const useActionWords = () => {
  const translate = useTranslate();
  return (action: string) => translate(`multisig.signLog.actions.${action}`, { _: action });
};

/** Who: "Name (account)", or the platform for its own entries (an expiry, a supersede). */
const useWho = () => {
  const translate = useTranslate();
  return (row: Row) => (row.actor ? `${row.actorName || row.actor} (${row.actor})` : translate('multisig.log.system'));
};

const useChainName = () => {
  const { chainList } = useSession();
  return (chainId: number) => chainList.find((c) => c.chainId === chainId)?.name ?? String(chainId);
};

/** Filters: what was done, on which wallet's proposals, between which days. */
function useFilters() {
  const translate = useTranslate();
  const chainName = useChainName();
  return [
    <SelectInput
      key="action"
      source="action"
      label={translate('resources.sign-log.fields.action')}
      choices={SIGN_ACTIONS.map((action) => ({ id: action, name: `multisig.signLog.actions.${action}` }))}
      alwaysOn
    />,
    <ReferenceInput
      key="walletId"
      source="walletId"
      reference="chain-wallet"
      perPage={MAX_PAGE_SIZE}
      sort={{ field: 'label', order: 'ASC' }}
      alwaysOn
    >
      <SelectInput
        label={translate('multisig.signLog.wallet')}
        optionText={(wallet: { label: string; chainId: number }) => `${wallet.label} (${chainName(wallet.chainId)})`}
      />
    </ReferenceInput>,
    <DateInput key="dateFrom" source="dateFrom" label={translate('multisig.signLog.from')} parse={dayStart} alwaysOn />,
    <DateInput key="dateTo" source="dateTo" label={translate('multisig.signLog.to')} parse={dayEnd} alwaysOn />,
  ];
}

/** The export of what the filters show (the same filters, every page). */
function Actions() {
  const { filterValues } = useListContext();
  return (
    <TopToolbar>
      <FilterButton />
      <SignLogExportButton filter={filterValues} />
    </TopToolbar>
  );
}

/** No entry: none at all, or none these filters let through (then say so). */
function Empty() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const filtered = Object.values(filterValues).some((value) => value !== undefined && value !== null && value !== '');
  return (
    <Typography color="text.secondary" sx={{ p: 2 }} data-testid="sign-log-empty">
      {translate(filtered ? 'multisig.signLog.emptyFiltered' : 'multisig.signLog.empty')}
    </Typography>
  );
}

/**
 * /multisig's "Sign log" tab: every signature action on the proposals in the caller's scope, newest
 * first, across chains (each row names its chain), filtered and paged on the server
 * (docs/console.md "Sign log and waiting proposals"). Its filters stay while the user follows a row
 * to its proposal and comes back.
 */
export function SignLogList() {
  const translate = useTranslate();
  const format = useFormat();
  const actionWords = useActionWords();
  const who = useWho();
  const chainName = useChainName();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const rows = phone ? (
    <SimpleList<Row>
      rowClick={false}
      primaryText={(row) => <ProposalLink row={row} />}
      // What and who, then where and when, each on its own line: a phone has no room for a right-hand column.
      secondaryText={(row) => (
        <>
          <span data-testid="sign-log-action">{actionWords(row.action)}</span> · {who(row)}
          {row.comment ? ` · “${row.comment}”` : ''}
          <br />
          {chainName(row.chainId)} · {format.dateTime(row.createdAt)}
        </>
      )}
    />
  ) : (
    <DataTable<Row> rowClick={false} bulkActionButtons={false} empty={<Empty />}>
      <Col source="createdAt" label={translate('resources.sign-log.fields.createdAt')} render={(row) => format.dateTime(row.createdAt)} />
      <Col
        source="proposalId"
        label={translate('resources.sign-log.fields.proposalId')}
        disableSort
        render={(row) => <ProposalLink row={row} />}
      />
      <Col
        source="action"
        label={translate('resources.sign-log.fields.action')}
        disableSort
        render={(row) => <span data-testid="sign-log-action">{actionWords(row.action)}</span>}
      />
      <Col source="actor" label={translate('multisig.signLog.who')} disableSort render={(row) => who(row)} />
      <Col source="chainId" label={translate('resources.sign-log.fields.chainId')} disableSort render={(row) => chainName(row.chainId)} />
      <Col source="comment" label={translate('resources.sign-log.fields.comment')} disableSort />
    </DataTable>
  );
  return (
    <List<Row>
      resource={SIGN_LOG_RESOURCE}
      storeKey="multisig-sign-log"
      disableSyncWithLocation
      filters={useFilters()}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={LIST_PAGE_SIZE}
      actions={<Actions />}
      empty={false}
      title=" "
      error={<ListFailure>{rows}</ListFailure>}
      sx={{ '& .RaList-content': { boxShadow: 'none' } }}
      data-testid="sign-log-list"
    >
      {rows}
    </List>
  );
}
