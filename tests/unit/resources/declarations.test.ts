import { isGenericApi } from '../../../src/resources/engine/types';
import { describe, expect, it } from 'vitest';
import { guardedRoutes } from '../../../src/access';
import { textsOf } from '../../../src/resources/engine/declaredTexts';
import { schemaMismatches } from '../../../src/resources/engine/schemaFields';
import { CONTRACT_ADDRESS_FIELDS } from '../../../src/contract/contractKinds';
import { resourceRegistry, resources } from '../../../src/resources';
import type { Choice } from '../../../src/resources/engine';
import enTranslation from '../../../public/locales/en-US/translation.json';
import zhTranslation from '../../../public/locales/zh-CN/translation.json';
import { ApiPath } from '../../../src/contract/apiPaths';

type Catalogue = Record<string, unknown>;
const textAt = (catalogue: Catalogue | null, key: string) => {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Catalogue)[part] : undefined), catalogue);
  return typeof value === 'string' && value !== '';
};
/**
 * Translated: in the language's file, or in a declaration's own texts (`translations`), where
 * a name without plural forms serves both (i18next falls back from `name_one` to `name`).
 */
const translated = (file: Catalogue, language: 'en-US' | 'zh-CN') => (key: string) =>
  textAt(file, key) ||
  resources.some((r) => {
    const own = textsOf(r.declaration, language);
    return textAt(own, key) || textAt(own, key.replace(/_(one|other)$/, ''));
  });
const has = (file: Catalogue, key: string) => translated(file, file === (enTranslation as Catalogue) ? 'en-US' : 'zh-CN')(key);

/** Every translation key a declaration makes the screens read. */
function keysOf(resource: (typeof resources)[number]): string[] {
  const keys = [`${resource.nameKey}_one`, `${resource.nameKey}_other`, ...resource.fields.map((f) => resource.fieldKey(f.source))];
  for (const field of resource.fields) {
    if (field.help) keys.push(field.help);
    if (field.kind === 'address' && field.emptyText) keys.push(field.emptyText);
    // Choice names are translated with themselves as the default: 'EVM' is a name, 'role.manager' a key.
    if (field.kind === 'enum' && Array.isArray(field.choices)) {
      for (const choice of field.choices as ReadonlyArray<string | Choice>)
        if (typeof choice !== 'string' && choice.name.includes('.')) keys.push(choice.name);
    }
  }
  return keys;
}

describe('the declared resources', () => {
  it('are each on a guarded route, one resource per route', () => {
    const paths = resources.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(guardedRoutes().map((r) => r.path)).toContain(path);
  });

  // A missing key is listed by name: add it to public/locales/<language>/translation.json, or to
  // the declaration's own `translations` for a self-contained one.
  it.each(resources.map((r) => [r.name, r] as const))('%s: every label is translated in en-US and zh-CN', (_name, resource) => {
    const keys = keysOf(resource);
    expect(keys.filter((k) => !has(enTranslation, k))).toEqual([]);
    expect(keys.filter((k) => !has(zhTranslation, k))).toEqual([]);
  });

  it('feed the dataProvider registry under their route and API names', () => {
    for (const resource of resources) {
      expect(resourceRegistry[resource.props.name]).toBe(resource.endpoint);
      expect(resourceRegistry[resource.name]).toBe(resource.endpoint);
    }
    expect(resourceRegistry.network.paths.list).toBe(ApiPath.chain.list);
    expect(resourceRegistry['chain-wallet'].paths.save).toBe(ApiPath.chainWallet.save);
    expect(resourceRegistry['contract-address']).toMatchObject({ idField: 'chainId', detailIdParam: 'chainId' });
  });

  it('contract addresses: the 14 per chain, under their server field names, each an address checked per chain family', () => {
    const contractAddress = resources.find((r) => r.name === 'contract-address')!;
    const addresses = contractAddress.fields.filter((f) => f.kind === 'address');
    expect(addresses.map((f) => f.source)).toEqual(Object.values(CONTRACT_ADDRESS_FIELDS));
    for (const field of addresses) expect(field.kind === 'address' && field.family).toBeFalsy();
  });

  it('chain wallets: chain, org, kind, address, threshold and signers are set once (signers change by proposal); the label changes; balances are read-only', () => {
    const wallet = resources.find((r) => r.name === 'chain-wallet')!;
    const inForm = Object.fromEntries(wallet.fields.map((f) => [f.source, f.inForm ?? true]));
    expect(inForm).toMatchObject({
      chainId: 'create',
      orgId: 'create',
      kind: 'create',
      address: 'create',
      label: true,
      threshold: 'create',
      signers: 'create',
    });
    expect(wallet.declaration.recordActions).toBeDefined();
    expect(wallet.fields.find((f) => f.source === 'balances')?.kind).toBe('list');
    expect(wallet.path).toBe('/aggregate');
    expect(wallet.chainField).toBe('chainId');
  });
});

describe('declarations and their schemas agree', () => {
  // A read-only resource its module serves (a report) has no form, so no form schema to agree with.
  const readOnly = (r: (typeof resources)[number]) =>
    r.declaration.api !== undefined && !isGenericApi(r.declaration.api) && !r.declaration.access;
  it.each(resources.filter((r) => (r.declaration.schema || r.declaration.api) && !readOnly(r)).map((r) => [r.name, r] as const))(
    '%s: every form field is one its schema reads',
    async (_name, resource) => {
      const schemas = resource.declaration.schema
        ? await resource.declaration.schema()
        : (await import('../../../src/resources/engine/declaredSchemas')).schemasOf(resource.declaration);
      expect(schemaMismatches(resource, schemas)).toEqual([]);
      // The check reads this schema's keys: a field it does not know is caught.
      expect(schemaMismatches({ ...resource, fields: [...resource.fields, { source: 'notInSchema', kind: 'text' }] }, schemas)).not.toEqual(
        [],
      );
    },
  );

  it('a form field the schema does not know is named, with the fix', async () => {
    const wallet = resources.find((r) => r.name === 'chain-wallet')!;
    const schemas = await wallet.declaration.schema!();
    const withExtra = { ...wallet, fields: [...wallet.fields, { source: 'nickname', kind: 'text' as const }] };
    expect(schemaMismatches(withExtra, schemas)).toEqual([
      "resource 'chain-wallet': the create form has field 'nickname', which its create schema does not know; add it to the schema, or declare the field with inForm: 'edit' or false",
      "resource 'chain-wallet': the edit form has field 'nickname', which its update schema does not know; add it to the schema, or declare the field with inForm: 'create' or false",
    ]);
  });
});
