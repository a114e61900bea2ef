import { sql } from 'kysely';
import { decimalText } from '../../db/decimalText';
import type { Db } from '../../db/database';
import { keysetSorts, newestFirst, paginate } from '../../http/pagination';
import { orgVisibleTo } from '../../http/tenancy';
import type { Caller } from '../../http/caller';
import type { ListResult } from '../../../src/contract/envelope';
import type { GasReportQuery, GasReportRecordInput, GasReportTotal, GasTotalsQuery } from '../../../src/contract/schemas/report';

function filteredGas(db: Db, caller: Caller, query: GasTotalsQuery) {
  let filtered = db
    .selectFrom('gasFee')
    .innerJoin('org', 'org.id', 'gasFee.orgId')
    .innerJoin('currency', 'currency.id', 'gasFee.currencyId')
    .innerJoin('chainWallet', 'chainWallet.id', 'gasFee.walletId')
    .where(orgVisibleTo(caller, 'gas_fee.org_id'));
  if (query.dateFrom) filtered = filtered.where('gasFee.createdAt', '>=', new Date(query.dateFrom));
  if (query.dateTo) filtered = filtered.where('gasFee.createdAt', '<', new Date(query.dateTo));
  if (query.orgId !== undefined) filtered = filtered.where('gasFee.orgId', '=', query.orgId);
  if (query.chainId !== undefined) filtered = filtered.where('gasFee.chainId', '=', query.chainId);
  if (query.symbol) filtered = filtered.where('currency.symbol', '=', query.symbol.toUpperCase());
  if (query.reason) filtered = filtered.where('gasFee.reason', '=', query.reason);
  if (query.q) filtered = filtered.where(sql`lower(gas_fee.tx_hash)`, '=', query.q.toLowerCase());
  return filtered;
}

const GAS_PAGE = {
  select: (qb: ReturnType<typeof filteredGas>) =>
    qb.select([
      'gasFee.id',
      'gasFee.orgId',
      'org.name as orgName',
      'gasFee.chainId',
      'chainWallet.label as walletLabel',
      'currency.symbol',
      'gasFee.reason',
      decimalText('gas_fee.fee', 'fee'),
      'gasFee.txHash',
      'gasFee.createdAt',
    ]),
  ...keysetSorts('gas_fee', ['id', 'createdAt', 'fee']),
  defaultSort: 'createdAt',
  tieBreaker: 'gas_fee.id',
  // Grows with every sweep and withdrawal: counted apart (server/http/pagination.ts `countApart`).
  countApart: true,
};

/** The gas report's filtered rows and page shape (the list and its export share them). */
export function gasListSource(db: Db, caller: Caller, query: GasTotalsQuery & { ids?: number[] }) {
  let filtered = filteredGas(db, caller, query);
  if (query.ids) filtered = filtered.where('gasFee.id', 'in', query.ids);
  return { filtered, options: GAS_PAGE };
}

/** Gas the platform paid (sweeps, withdrawals, proposal executions) for the orgs in scope. */
export async function listGas(db: Db, caller: Caller, query: GasReportQuery): Promise<ListResult<GasReportRecordInput>> {
  const { filtered, options } = gasListSource(db, caller, query);
  return paginate(filtered, { ...query, ...newestFirst(query) }, options);
}

/** Gas per native coin over the whole filtered set: how many transactions, and the gas they cost. */
export async function gasTotals(db: Db, caller: Caller, query: GasTotalsQuery): Promise<{ list: GasReportTotal[]; count: number }> {
  const rows = await filteredGas(db, caller, query)
    .select([
      'gasFee.chainId',
      'currency.symbol',
      sql<number>`count(*)::int`.as('count'),
      sql<string>`trim_scale(sum(gas_fee.fee))::text`.as('gas'),
    ])
    .groupBy(['gasFee.chainId', 'currency.symbol'])
    .orderBy('currency.symbol')
    .execute();
  return { list: rows, count: rows.length };
}
