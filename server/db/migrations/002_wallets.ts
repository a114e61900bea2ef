import { sql, type Kysely } from 'kysely';
import { ofOrg, onChain, timestamps, bigserialId, createdAt, tableWithSerialId } from './frozen';
import { CONTRACT_ADDRESS_FIELDS } from '../../../src/contract/contractKinds';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Chain wallets, their signers and balances, the balance ledger, and per-chain contract addresses. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await tableWithSerialId(db, 'chain_wallet')
    .$call(onChain)
    .$call(ofOrg)
    .addColumn('kind', 'text', (c) => c.notNull())
    // Canonical form: EIP-55 checksum for EVM, base58check for TRON.
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('threshold', 'integer', (c) => c.check(sql`threshold is null or threshold >= 1`))
    .$call(timestamps)
    .addUniqueConstraint('chain_wallet_address_per_chain', ['chain_id', 'address'])
    .execute();
  await db.schema.createIndex('chain_wallet_org_idx').on('chain_wallet').column('org_id').execute();

  await db.schema
    .createTable('wallet_signer')
    .addColumn('wallet_id', 'integer', (c) => c.notNull().references('chain_wallet.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('wallet_signer_pk', ['wallet_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('wallet_balance')
    .addColumn('wallet_id', 'integer', (c) => c.notNull().references('chain_wallet.id').onDelete('cascade'))
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currency.id'))
    .addColumn('amount', 'numeric', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`amount >= 0`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('wallet_balance_pk', ['wallet_id', 'currency_id'])
    .execute();
  await db.schema.createIndex('wallet_balance_currency_idx').on('wallet_balance').column('currency_id').execute();

  await db.schema
    .createTable('ledger_entry')
    .$call(bigserialId)
    .addColumn('wallet_id', 'integer', (c) => c.notNull().references('chain_wallet.id'))
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currency.id'))
    .addColumn('delta', 'numeric', (c) => c.notNull())
    .addColumn('balance_after', 'numeric', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('proposal_id', 'integer')
    .addColumn('tx_hash', 'text')
    .$call(createdAt)
    .execute();
  await db.schema.createIndex('ledger_entry_wallet_idx').on('ledger_entry').columns(['wallet_id', 'created_at']).execute();

  let contractAddress = db.schema
    .createTable('contract_address')
    .addColumn('chain_id', 'bigint', (c) => c.primaryKey().references('chain.chain_id').onUpdate('cascade').onDelete('cascade'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
  for (const field of Object.values(CONTRACT_ADDRESS_FIELDS)) contractAddress = contractAddress.addColumn(snake(field), 'text');
  await contractAddress.execute();
}
