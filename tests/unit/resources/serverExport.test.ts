import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resources } from '../../../src/resources';
import { exportColumns } from '../../../src/resources/engine/exportColumns';
import type { ResourceDefinition } from '../../../src/resources/engine/types';
import {
  assetFlowExports,
  auditLogExport,
  gasReportExport,
  movementExport,
  orderReportExport,
  signLogExport,
  type ExportNames,
  type ExportView,
} from '../../../src/contract/exports';
import { SIGN_ACTIONS } from '../../../src/contract/contractKinds';
import type { MovementKind } from '../../../src/contract/movement';
import { loadMessages } from '../../../server/http/messages';
import { cellsOf, exportHeader } from '../../../server/http/csvExport';
import { auditEvent } from './auditFixtures';

/**
 * The server writes the exports of the big lists (docs/DECISIONS.md "Export"); its columns are
 * declared in src/contract/exports.ts. Whatever a screen shows — its columns, their headers,
 * its value labels — the server's file must say the same, in every language.
 */
const localesDir = path.resolve(import.meta.dirname, '../../../public/locales');
const messages = loadMessages(localesDir);

function consoleTranslate(language: string) {
  const catalogue = JSON.parse(fs.readFileSync(path.join(localesDir, language, 'translation.json'), 'utf8')) as Record<string, unknown>;
  const lookup = (key: string) =>
    key
      .split('.')
      .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalogue);
  return ((key: string, options?: { _?: string }) => {
    const text = lookup(key);
    return typeof text === 'string' ? text : (options?._ ?? key);
  }) as never;
}

/** Which declaration words each server-exported screen. */
function viewOf(definition: ResourceDefinition): ExportView {
  if (['payment-report', 'linkpay-report', 'recharge-report'].includes(definition.name))
    return orderReportExport(definition.name.replace('-report', '') as 'payment');
  if (definition.name === 'gas-report') return gasReportExport;
  if (definition.name === 'asset-flow' || definition.name === 'asset-flow-lite') return assetFlowExports[definition.name];
  if (definition.name === 'audit-log') return auditLogExport;
  if (definition.scope.kind) return movementExport(definition.scope.kind as MovementKind);
  throw new Error(`no export declaration for ${definition.name}`);
}

/** The screens whose columns the server's file repeats (the multisig screen's export is the sign log, below). */
const exported = (resources as ResourceDefinition[]).filter(
  (definition) => definition.endpoint.paths.export !== undefined && definition.name !== 'multisig',
);

/** A row with every source filled, values that have labels among them. */
const SAMPLE: Record<string, unknown> = {
  // The audit log's sources: who changed what, from where.
  ...auditEvent(),
  chainId: 1,
  orderNo: 'PAY2026112400000001',
  createdAt: '2026-11-24T10:00:00.000Z',
  orgName: '=Aurora',
  payLinkTitle: 'Monthly plan',
  symbol: 'USDT',
  amount: '12.5',
  fee: '0.06',
  status: 'expired',
  paidAt: null,
  txHash: '0xabc',
  payerAddress: null,
  depositAddress: '0xdef',
  walletLabel: 'Aurora deposits',
  reason: 'initial credit',
  delta: '-3.2',
  balanceAfter: '10',
  proposalId: 7,
  proposalWalletLabel: 'Aurora cold',
  proposalNonce: 4,
  to: '0x123',
  memo: 'March payout',
  createdBy: 'merchantProFinance',
};

/** The names the server and the console look up for the ids rows carry. */
const NAMES: ExportNames = { chain: new Map([['1', 'Ethereum']]) };

describe('server exports word the screens', () => {
  it('every big list exports from the server: reports, ledger, movements, audit log', () => {
    expect(exported.map((d) => d.name).sort()).toEqual(
      [
        'asset-flow',
        'asset-flow-lite',
        'audit-log',
        'gas-report',
        'linkpay-report',
        'payment-report',
        'recharge-report',
        'refund',
        'supply',
        'supply-history',
        'transfer',
        'withdraw',
      ].sort(),
    );
  });

  for (const language of ['en-US', 'zh-CN']) {
    it(`the same columns, headers and value labels as the screens, in ${language}`, () => {
      const translate = consoleTranslate(language);
      const label = messages.labels(language);
      for (const definition of exported) {
        const view = viewOf(definition);
        const columns = exportColumns(definition, translate, NAMES);
        expect(exportHeader(view, label), definition.name).toEqual(columns.map((c) => c.header));
        const row =
          definition.name === 'payment-report' || definition.name === 'audit-log'
            ? SAMPLE
            : { ...SAMPLE, status: definition.scope.kind ? 'pending' : 'expired' };
        expect(cellsOf(view, row, label, NAMES), definition.name).toEqual(columns.map((c) => c.value(row as never)));
      }
    });
  }

  it('a chain is named, and its id has a column named as such, in every server export and both languages', () => {
    const views = [...exported.map(viewOf), signLogExport].filter((view) => view.columns.some((column) => column.source === 'chainId'));
    expect(views).toHaveLength(exported.length); // every server export but the audit log's has chains, and the sign log does
    for (const language of ['en-US', 'zh-CN']) {
      const label = messages.labels(language);
      for (const view of views) {
        const header = exportHeader(view, label);
        const cells = cellsOf(view, SAMPLE, label, NAMES);
        const chainIdAt = header.indexOf(language === 'en-US' ? 'Chain ID' : '链 ID');
        expect(chainIdAt, `${view.labels} ${language}: ${header.join(', ')}`).toBeGreaterThan(0);
        expect(cells[chainIdAt]).toBe(1);
        // The column before it names the chain, headed by the field's label.
        expect(header[chainIdAt - 1]).toBe(language === 'en-US' ? 'Chain' : '链');
        expect(cells[chainIdAt - 1]).toBe('Ethereum');
      }
    }
    // A chain the names do not know (deleted since) keeps its id rather than an empty cell.
    expect(cellsOf(gasReportExport, { ...SAMPLE, chainId: 999 }, messages.labels('en-US'), NAMES)[0]).toBe(999);
  });

  it('the sign log (the multisig screen’s export) is headed and its actions worded as the timeline words them, in both languages', () => {
    for (const language of ['en-US', 'zh-CN']) {
      const translate = consoleTranslate(language) as (key: string) => string;
      const label = messages.labels(language);
      const header = exportHeader(signLogExport, label);
      expect(header).toHaveLength(signLogExport.columns.length);
      for (const [i, column] of signLogExport.columns.entries())
        expect(header[i]).toBe(translate(column.header ?? `resources.sign-log.fields.${column.source}`));
      for (const action of SIGN_ACTIONS) {
        const [, , , , cell] = cellsOf(
          signLogExport,
          {
            createdAt: '2026-11-24T10:00:00.000Z',
            chainId: 1,
            proposalId: 9,
            walletLabel: 'Aurora cold',
            proposalNonce: 4,
            action,
            actor: 'a',
            actorName: 'A',
            comment: '',
          },
          label,
        );
        expect(cell, `${language} ${action}`).toBe(translate(`multisig.log.action.${action}`));
        expect(cell).not.toContain('multisig.log');
      }
    }
  });
});
