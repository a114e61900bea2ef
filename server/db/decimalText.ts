import { sql } from 'kysely';

/**
 * A numeric column selected as its decimal string under `alias`: amounts leave the database as
 * text, so no float ever rounds them (docs/ledger.md).
 */
export const decimalText = <A extends string>(column: string, alias: A) => sql<string>`${sql.ref(column)}::text`.as(alias);

/** A money row's amount and fee (a movement, a payment order), as decimal strings. */
export const amountAndFee = (table: 'movement' | 'payment_order') =>
  [decimalText(`${table}.amount`, 'amount'), decimalText(`${table}.fee`, 'fee')] as const;
