import { z } from 'zod';
import { DEFAULT_CHANGE_DELAY_HOURS } from '../src/contract/policy';
import { DEFAULT_DEVNET_BUDGET } from './modules/devnet/callBudget';

/**
 * Every environment variable the server reads, once: how it is parsed (default, coercion, the
 * error that names it), and the line README.md's "Configuration" table shows for it
 * (`npm run docs:config` writes the table; tests/unit/docs/configTable.test.ts fails when it is
 * stale). server/config.ts turns the parsed values into the server's configuration. An empty
 * variable counts as unset.
 */
interface Variable<T> {
  /** The variable's parser; its messages name the variable (a key's never shows the key). */
  schema: (name: string) => z.ZodType<T, string | undefined>;
  /** README's "meaning" column. */
  meaning: string;
  /** README's "default" column when the parsed default does not say it (a derived path, a rule). */
  shown?: string;
}

const variable = <T>(schema: Variable<T>['schema'], meaning: string, shown?: string): Variable<T> => ({ schema, meaning, shown });

/** Thrown by a parser's `fail`: the refusal becomes the variable's issue. */
class Refusal extends Error {}

/** An optional string read by `parse`, which calls `fail` with a message naming the variable. */
const parsed = <T>(parse: (raw: string | undefined, fail: (message: string) => never) => T) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      try {
        return parse(raw, (message) => {
          throw new Refusal(message);
        });
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        ctx.issues.push({ code: 'custom', message: error.message, input: raw });
        return z.NEVER;
      }
    });

const integer = (fallback: number, min: 0 | 1) => (name: string) =>
  parsed((raw, fail) => {
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) fail(`${name} must be a ${min === 1 ? 'positive' : 'non-negative'} integer, got "${raw}"`);
    return value;
  });
const positiveInt = (fallback: number) => integer(fallback, 1);
const nonNegativeInt = (fallback: number) => integer(fallback, 0);

const text = (fallback: string) => () => parsed((raw) => raw ?? fallback);
const optionalText = () => parsed((raw) => raw);

const oneOf =
  <const T extends readonly string[], F extends T[number] | undefined>(choices: T, fallback: F) =>
  (name: string) =>
    parsed((raw, fail): T[number] | F => {
      if (raw === undefined) return fallback;
      if (!(choices as readonly string[]).includes(raw)) fail(`${name} must be ${choices.join(' or ')}, not ${raw}`);
      return raw as T[number];
    });

const KEY = /^0x[0-9a-fA-F]{64}$/;
type Key = `0x${string}`;

export const ENV = {
  PORT: variable(positiveInt(8080), 'port of console + API'),
  HOST: variable(text('0.0.0.0'), 'interface to listen on'),
  DATA_DIR: variable(
    optionalText,
    "PGlite files (uploaded images live in the database; older versions' in `DATA_DIR/uploads` are still served)",
    '`./data`',
  ),
  DATABASE_URL: variable(optionalText, '`postgres://user:pass@host:5432/db`: use PostgreSQL instead of PGlite'),
  SEED: variable(
    oneOf(['demo', 'none'], undefined),
    '`demo` seeds the demo data into an empty database; `none` never seeds',
    '`demo` with PGlite, none with PostgreSQL',
  ),
  SESSION_TTL_HOURS: variable(positiveInt(12), 'lifetime of a sign-in token'),
  PROPOSAL_TTL_HOURS: variable(positiveInt(72), 'a multisig proposal not executed by then expires'),
  LOG_LEVEL: variable(text('info'), 'Fastify/pino log level (tokens and passwords are never logged)'),
  LOG_FORMAT: variable(oneOf(['json'], undefined), '`json`: JSON log lines on a terminal too', 'readable on a terminal, JSON otherwise'),
  LOGIN_FAILURES_PER_ADDRESS: variable(
    positiveInt(100),
    'failed sign-ins one client address may make in 15 minutes, whatever the accounts (successes never count)',
  ),
  READ_CACHE_MS: variable(
    nonNegativeInt(5000),
    "how long a session lookup and the network and currency lists are remembered while the database's change feed is up; `0` turns it off",
  ),
  REPORT_SEARCH_CAP: variable(
    positiveInt(50_000),
    'the most orders a report search is counted and totalled for; a broader one pages without a count',
  ),
  DB_POOL_MAX: variable(positiveInt(10), "PostgreSQL connections one instance's pool may hold (plus two for its change feed)"),
  DB_CONNECT_TIMEOUT_MS: variable(positiveInt(5000), 'how long a request waits for a pooled connection before it is answered 503'),
  DB_STATEMENT_TIMEOUT_MS: variable(
    nonNegativeInt(60_000),
    'PostgreSQL cancels a statement of the API running longer (answered 503); `0`: no limit. Migrations run without it',
  ),
  DB_APPLICATION_NAME: variable(
    text('custody-api'),
    "how the instance's connections are named in `pg_stat_activity` (its replica's: `…-read`)",
  ),
  DATABASE_READ_URL: variable(
    optionalText,
    'a read replica for reports, lists and exports, which tolerate its lag; sessions, details read before acting, and writes stay on `DATABASE_URL`',
  ),
  MIGRATE_ON_START: variable(
    oneOf(['true', 'false'], 'true'),
    "`false`: start-up neither migrates nor seeds (run `npm run migrate` / `npm run seed` as deployment steps); the instance is not ready until the database is at its migrations' head",
  ),
  EXPIRY_SWEEP_MS: variable(
    positiveInt(10_000),
    'how often each instance marks overdue proposals expired (reads show them expired at once) and announces expired orders (`order.expired`)',
  ),
  AUDIT_SEAL_MS: variable(
    positiveInt(2_000),
    'how often each instance seals the audit chain besides right after each write (docs/ledger.md "Sealing the audit chain")',
  ),
  DEPOSIT_WATCH_MS: variable(
    nonNegativeInt(1_000),
    'how often each instance reads the EVM chains\' new blocks for deposits into our wallets (docs/chains.md "Deposits"); `0` turns the watcher off',
  ),
  WEBHOOK_DELIVERY_MS: variable(
    nonNegativeInt(2_000),
    'how often each instance sends the webhook deliveries that are due (docs/webhooks.md "Delivery and retries"); `0` turns its loop off',
  ),
  CHAIN_MODE: variable(
    oneOf(['devnet', 'rpc'], 'devnet'),
    '`devnet`: every EVM chain is an embedded chain of its own, kept under `DATA_DIR/devnet`; `rpc`: each chain row\'s RPC URL (docs/chains.md "Modes", "Pointing it at a real network")',
  ),
  RELAYER_PRIVATE_KEY: variable(
    (name) =>
      parsed((raw, fail): Key | null => {
        if (raw === undefined) return null;
        if (!KEY.test(raw)) fail(`${name} must be 0x and 64 hex digits`);
        return raw as Key;
      }),
    'rpc mode: the key that sends Safe creations and executions and pays their gas; never stored or logged',
  ),
  DEVNET_KEYS_FILE: variable(
    optionalText,
    'devnet mode: the devnets\' faucet and relayer keys, made random at the first start and kept there (mode 600, never printed); several instances that must build alike devnets share one (docs/chains.md "The embedded devnet")',
    '`DATA_DIR/devnet/keys.json`',
  ),
  DEVNET_CALLS_PER_MINUTE: variable(
    positiveInt(DEFAULT_DEVNET_BUDGET.perMinute),
    'devnet mode: calls a minute one client address may make to `/devnet/<chain>` (docs/chains.md "Paying into the devnet")',
  ),
  WALLET_KEYS: variable(
    (name) =>
      parsed((raw, fail): Key[] => {
        if (raw === undefined || raw.trim() === '') return [];
        return raw.split(',').map((key, index) => {
          const trimmed = key.trim();
          if (!KEY.test(trimmed)) fail(`${name}: key ${index + 1} must be 0x and 64 hex digits`);
          return trimmed as Key;
        });
      }),
    'rpc mode: comma-separated keys of the wallets the platform sends from itself (hot wallets); a wallet without its key only receives (docs/chains.md "Wallet keys")',
  ),
  MERCHANT_API_CALLS_PER_MINUTE: variable(
    positiveInt(600),
    'calls a minute one merchant API key may make to `/api/v1`, counted across instances (docs/payments.md "The merchant API")',
  ),
  DEPOSIT_SEED: variable(
    optionalText,
    'the seed every order\'s own deposit address is derived from (hex, 32 or 64 bytes; BIP-32): where a deployment\'s key store puts it; never stored or logged; in rpc mode also what sends an order address\'s money (docs/payments.md "An address per order"; docs/chains.md "Wallet keys")',
    'random, kept in `DATA_DIR/deposit-seed` (mode 600)',
  ),
  SHUTDOWN_GRACE_MS: variable(positiveInt(25_000), 'on SIGTERM, how long requests in flight may finish before the process exits anyway'),
  POLICY_DELAY_HOURS: variable(
    nonNegativeInt(DEFAULT_CHANGE_DELAY_HOURS),
    'the transaction-policy change delay of an org that never saved a policy: how long its first rules and address book entries wait before they count (docs/DECISIONS.md "Transaction policy")',
  ),
  TRUST_PROXY: variable(
    () => parsed((raw): boolean | string => (raw === undefined || raw === 'false' ? false : raw === 'true' ? true : raw)),
    'behind a load balancer: `true`, or its addresses/CIDRs (`10.0.0.0/8,loopback`), so the client address (rate limits) is read from `X-Forwarded-For`; unset, that header is ignored',
    '— (none)',
  ),
};

type Env = typeof ENV;
export type ParsedEnv = { [K in keyof Env]: Env[K] extends Variable<infer T> ? T : never };

/** Each variable's parser, under its name: what `Object.fromEntries` builds from ENV, key for key. */
type EnvShape = { [K in keyof Env]: ReturnType<Env[K]['schema']> };
const envSchema = z.object(Object.fromEntries(Object.entries(ENV).map(([name, { schema }]) => [name, schema(name)])) as EnvShape);

/**
 * The environment parsed, or one error naming every variable that is wrong (each message names
 * its variable and, but for a key, what it was set to).
 */
export function parseEnv(env: NodeJS.ProcessEnv): ParsedEnv {
  const set = Object.fromEntries(
    Object.keys(ENV).flatMap((name) => (env[name] === undefined || env[name] === '' ? [] : [[name, env[name]]])),
  );
  const result = envSchema.safeParse(set);
  if (!result.success) throw new Error(result.error.issues.map((issue) => issue.message).join('; '));
  return result.data;
}

/** README.md's "Configuration" table: each variable, its default (as an empty environment parses it), its meaning. */
export function configTable(): string {
  const defaults = parseEnv({});
  const shownDefault = (name: keyof Env): string => {
    const shown = ENV[name].shown;
    if (shown !== undefined) return shown;
    const value: unknown = defaults[name];
    return value === undefined || value === null || (Array.isArray(value) && value.length === 0) ? '—' : `\`${String(value)}\``;
  };
  const rows = (Object.keys(ENV) as (keyof Env)[]).map((name) => `| \`${name}\` | ${shownDefault(name)} | ${ENV[name].meaning} |`);
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}
