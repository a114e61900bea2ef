import type { z } from 'zod';
import { checkAddress, CHAIN_FAMILIES, type ChainFamily } from '../../contract/address';
import { amountProblem } from '../../contract/money';
import { validate, type FieldMessage, type FieldMessages } from '../../contract/validation';
import { fieldsFor, isReadOnlyIn, toPayload, type FormMode } from './fields';
import { REFERENCE_TARGETS } from './lookups';
import type { ChoiceSource, FieldDeclaration, ResourceDefinition, ServerRecord } from './types';

export type Translate = (key: string, params?: Record<string, unknown>) => string;
/** Records of a lookup endpoint (cached by the caller). */
export type Lookup = (source: ChoiceSource, query: Record<string, unknown>) => Promise<ServerRecord[]>;

export interface FormValidatorOptions {
  resource: Pick<ResourceDefinition, 'fields' | 'idField'> & Partial<Pick<ResourceDefinition, 'scope'>>;
  mode: FormMode;
  /** The shared schema the server validates the same body with. */
  schema?: z.ZodType;
  translate: Translate;
  lookup: Lookup;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
const isFamily = (value: unknown): value is ChainFamily => (CHAIN_FAMILIES as readonly unknown[]).includes(value);

/**
 * A react-admin form `validate`: the body the form will send goes through the same
 * zod schema as on the server (`validate()` → `{key, params}`), then through the
 * checks that need other records — an address by its chain's family, an amount by its
 * currency's decimals — exactly as the server does them. Messages are translated with
 * the same `validation.*` keys the server answers with, so the words match.
 */
export function createFormValidator({ resource, mode, schema, translate, lookup }: FormValidatorOptions) {
  const fields = fieldsFor(resource, mode).filter((f) => !isReadOnlyIn(f, mode));
  const declared = new Set(fields.map((f) => f.source));

  async function chainOf(values: Record<string, unknown>, chainField: string): Promise<ServerRecord | undefined> {
    const chainId = values[chainField];
    if (isBlank(chainId)) return undefined;
    const chains = await lookup(REFERENCE_TARGETS.chain, {});
    return chains.find((c) => String(c.chainId) === String(chainId));
  }

  async function familyOf(
    field: Extract<FieldDeclaration, { kind: 'address' }>,
    values: Record<string, unknown>,
  ): Promise<ChainFamily | undefined> {
    const family = field.family ?? { chain: 'chainId' };
    if (typeof family === 'string') return family;
    const chain = await chainOf(values, family.chain);
    return isFamily(chain?.family) ? chain.family : undefined;
  }

  async function decimalsOf(
    field: Extract<FieldDeclaration, { kind: 'amount' }>,
    values: Record<string, unknown>,
  ): Promise<number | undefined> {
    const { decimals } = field;
    if (decimals === undefined) return undefined;
    if (typeof decimals === 'number') return decimals;
    if ('field' in decimals) {
      const value = values[decimals.field];
      return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
    }
    if ('symbol' in decimals) {
      const [symbol, chainId] = [values[decimals.symbol], values[decimals.chain]];
      if (isBlank(symbol) || isBlank(chainId)) return undefined;
      const currencies = await lookup(REFERENCE_TARGETS.currency, { chainId: String(chainId) });
      const currency = currencies.find((c) => c.symbol === symbol);
      return typeof currency?.decimals === 'number' ? currency.decimals : undefined;
    }
    const currencyId = values[decimals.currency];
    if (isBlank(currencyId)) return undefined;
    const currencies = await lookup(REFERENCE_TARGETS.currency, { ids: String(currencyId) });
    const currency = currencies.find((c) => String(c.id) === String(currencyId));
    return typeof currency?.decimals === 'number' ? currency.decimals : undefined;
  }

  /** `values`: the body to send merged over the whole form (read-only fields such as a fixed chain count as context). */
  async function crossCheck(field: FieldDeclaration, values: Record<string, unknown>): Promise<FieldMessage | null> {
    const value = values[field.source];
    if (isBlank(value)) return field.required ? { key: 'validation.required' } : null;
    if (field.kind === 'address' && typeof value === 'string') {
      const family = await familyOf(field, values);
      if (!family) return null;
      const checked = checkAddress(family, value.trim());
      return checked.ok ? null : checked.problem;
    }
    if (field.kind === 'amount') {
      const decimals = await decimalsOf(field, values);
      // Zero or not is the schema's rule; here only the shape and the currency's precision.
      return decimals === undefined ? null : amountProblem(value, { decimals, allowZero: true });
    }
    return null;
  }

  /** `signers.0` is shown on the signers input; a message for no field goes to the form. */
  const inputOf = (path: string) => {
    const head = path.split('.')[0];
    return declared.has(head) ? head : path;
  };

  /** The fields whose value the server makes for these values (`madeByServer`): neither sent nor checked. */
  async function madeByServer(values: Record<string, unknown>): Promise<Set<string>> {
    const made = new Set<string>();
    for (const field of fields) {
      if (field.madeByServer?.when(values, await chainOf(values, 'chainId'))) made.add(field.source);
    }
    return made;
  }

  return async (values: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const body = toPayload(resource, values, mode);
    const made = await madeByServer(values);
    for (const source of made) delete body[source];
    const problems: FieldMessages = {};
    if (schema) {
      const result = validate(schema, body);
      if (!result.ok) for (const [path, message] of Object.entries(result.errors)) problems[inputOf(path)] ??= message;
    }
    const context = { ...values, ...body };
    for (const field of fields) {
      if (made.has(field.source) || problems[field.source] || !(field.source in body || field.required)) continue;
      const problem = await crossCheck(field, context);
      if (problem) problems[field.source] = problem;
    }
    // The shape the dataProvider gives server errors: a message for the whole body is `root.serverError`.
    const errors: Record<string, unknown> = {};
    for (const [path, message] of Object.entries(problems)) {
      const text = translate(message.key, message.params);
      if (path === '') errors.root = { serverError: text };
      else errors[path] = text;
    }
    return errors;
  };
}
