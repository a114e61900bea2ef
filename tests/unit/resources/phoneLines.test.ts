import { describe, expect, it } from 'vitest';
import { phoneLines } from '../../../src/resources/engine/views/PhoneList';
import refundDeclaration from '../../../src/resources/refund/resource';
import paymentReportDeclaration from '../../../src/resources/paymentReport/resource';
import chain from '../../../src/resources/chain/resource';
import { defineResource } from '../../../src/resources/engine';
import assetFlowDeclaration from '../../../src/resources/assetFlow/resource';

/** The ledger screen (/asset-flow), from its declaration. */
const assetFlow = defineResource(assetFlowDeclaration);
const refund = defineResource(refundDeclaration);

const paymentReport = defineResource(paymentReportDeclaration);

/** The networks screen (/network), the `chain` declaration. */
const network = defineResource(chain);

const sources = (definition: Parameters<typeof phoneLines>[0]) => {
  const lines = phoneLines(definition);
  return {
    primary: lines.primary?.source,
    secondary: lines.secondary.map((f) => f.source),
    tertiary: lines.tertiary?.source,
    ...(lines.unit ? { unit: lines.unit.source } : {}),
  };
};

describe('a list row on a phone comes from the declaration', () => {
  it('names the row by its first naming column (text, enum, reference), puts the amount on the right and the next two columns beneath', () => {
    expect(sources(refund)).toEqual({ primary: 'walletLabel', secondary: ['createdAt', 'orderNo'], tertiary: 'amount', unit: 'symbol' });
    expect(sources(paymentReport)).toEqual({ primary: 'orderNo', secondary: ['createdAt', 'orgName'], tertiary: 'amount', unit: 'symbol' });
  });

  it('a name beats an id for the title (a network is "Ethereum", not "1"); only list columns are used', () => {
    expect(sources(network)).toEqual({ primary: 'name', secondary: ['chainId', 'family'], tertiary: undefined });
  });

  it('an amount on the right carries its currency (the ledger on a phone: "-5 USDT", not "-5")', () => {
    expect(sources(assetFlow)).toEqual({ primary: 'orgName', secondary: ['createdAt', 'walletLabel'], tertiary: 'delta', unit: 'symbol' });
  });
});
