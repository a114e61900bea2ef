// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, readConfig } from '../../../server/config';
import { configTable } from '../../../server/env';

const refusal = (env: NodeJS.ProcessEnv): string => {
  try {
    readConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('accepted');
};

/** The environment, parsed by one schema (server/env.ts): defaults, coercion, and start-up errors naming the variable. */
describe('the environment', () => {
  it('an empty environment gives the documented defaults', () => {
    expect(readConfig({})).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.join(projectRoot, 'data'),
      databaseUrl: undefined,
      seed: undefined,
      sessionTtlHours: 12,
      proposalTtlHours: 72,
      logLevel: 'info',
      logFormat: undefined,
      trustProxy: false,
      loginFailuresPerAddress: 100,
      readCacheMs: 5000,
      searchCap: 50_000,
      dbPoolMax: 10,
      dbConnectTimeoutMs: 5000,
      dbStatementTimeoutMs: 60_000,
      dbApplicationName: 'custody-api',
      databaseReadUrl: undefined,
      migrateOnStart: true,
      expirySweepMs: 10_000,
      depositWatchMs: 1_000,
      shutdownGraceMs: 25_000,
      policyDelayHours: 24,
      chainMode: 'devnet',
      devnetDir: path.join(projectRoot, 'data', 'devnet'),
      relayerKey: null,
      walletKeys: [],
      devnetKeysFile: null,
      devnetBudget: { perMinute: 600 },
    });
  });

  it('reads numbers, paths, switches and choices from their strings; an empty variable is unset', () => {
    const config = readConfig({
      PORT: '9000',
      DATA_DIR: '/srv/custody',
      READ_CACHE_MS: '0',
      DB_STATEMENT_TIMEOUT_MS: '0',
      DEPOSIT_WATCH_MS: '0',
      POLICY_DELAY_HOURS: '0',
      MIGRATE_ON_START: 'false',
      SEED: 'none',
      CHAIN_MODE: 'rpc',
      LOG_FORMAT: 'json',
      DATABASE_URL: '',
      DB_APPLICATION_NAME: '',
      DEVNET_KEYS_FILE: 'keys.json',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/srv/custody',
      uploadsDir: '/srv/custody/uploads',
      devnetDir: '/srv/custody/devnet',
    });
    expect(config).toMatchObject({
      readCacheMs: 0,
      dbStatementTimeoutMs: 0,
      depositWatchMs: 0,
      policyDelayHours: 0,
      migrateOnStart: false,
    });
    expect(config).toMatchObject({
      seed: 'none',
      chainMode: 'rpc',
      logFormat: 'json',
      databaseUrl: undefined,
      dbApplicationName: 'custody-api',
    });
    expect(config.devnetKeysFile).toBe(path.resolve('keys.json'));
  });

  it('refuses bad input at start-up with a sentence naming the variable, every wrong one at once', () => {
    expect(refusal({ PORT: 'eighty' })).toBe('PORT must be a positive integer, got "eighty"');
    expect(refusal({ SESSION_TTL_HOURS: '0' })).toBe('SESSION_TTL_HOURS must be a positive integer, got "0"');
    expect(refusal({ READ_CACHE_MS: '-1' })).toBe('READ_CACHE_MS must be a non-negative integer, got "-1"');
    expect(refusal({ CHAIN_MODE: 'mainnet' })).toBe('CHAIN_MODE must be devnet or rpc, not mainnet');
    expect(refusal({ SEED: 'demos' })).toBe('SEED must be demo or none, not demos');
    expect(refusal({ MIGRATE_ON_START: 'no' })).toBe('MIGRATE_ON_START must be true or false, not no');
    expect(refusal({ PORT: '1.5', DB_POOL_MAX: 'x' })).toBe(
      'PORT must be a positive integer, got "1.5"; DB_POOL_MAX must be a positive integer, got "x"',
    );
  });

  it('never repeats a key it refuses', () => {
    const leaked = `0x${'7c'.repeat(31)}`;
    expect(refusal({ RELAYER_PRIVATE_KEY: leaked })).toBe('RELAYER_PRIVATE_KEY must be 0x and 64 hex digits');
  });

  it('documents every variable it reads, in the order README shows them', () => {
    const names = [...configTable().matchAll(/^\| `([A-Z_]+)` \|/gm)].map(([, name]) => name);
    expect(names.slice(0, 3)).toEqual(['PORT', 'HOST', 'DATA_DIR']);
    // AUDIT_SEAL_MS: how often the audit chain is sealed when no write pokes it (docs/ledger.md "Sealing the audit chain").
    expect(names).toContain('AUDIT_SEAL_MS');
    expect(names).toHaveLength(32);
  });
});
