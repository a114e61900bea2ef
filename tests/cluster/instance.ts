import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/freePort';
import type { Envelope } from '../../src/contract/envelope';
import type { ProposalDetail } from '../../src/contract/schemas/sign';
import { privateKeyToAccount } from 'viem/accounts';
import { demoSigningKey } from '../../src/contract/demoSigningKey';
import { approvalSignatures } from '../../src/contract/approvalSignatures';
import { ApiPath } from '../../src/contract/apiPaths';

const projectRoot = path.resolve(import.meta.dirname, '../..');

/** One API process as a deployment runs it (`tsx server/main.ts`), on a port of its own. */
export interface Instance {
  name: string;
  base: string;
  process: ChildProcess;
  /** Everything it wrote to stdout and stderr (shown when a test fails). */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  call<T = unknown>(
    method: 'GET' | 'POST',
    apiPath: string,
    options?: { token?: string; body?: unknown; query?: Record<string, string>; orgId?: number },
  ): Promise<{ status: number; body: Envelope<T> }>;
  login(account: string, password?: string): Promise<string>;
  /** Waits until /api/health/ready answers 200. */
  ready(timeoutMs?: number): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `custody-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DB_APPLICATION_NAME: `custody-${name}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const instance: Instance = {
    name,
    base,
    process: child,
    output: () => output,
    exited,
    async call(method, apiPath, options = {}) {
      const url = new URL(`/api${apiPath}`, base);
      for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
      const headers: Record<string, string> = {};
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.orgId !== undefined) headers['x-org-id'] = String(options.orgId);
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
      return { status: response.status, body: (await response.json()) as Envelope<never> };
    },
    async login(account, password = 'Demo@12345') {
      const { body } = await instance.call<{ token: string }>('POST', ApiPath.auth.login, { body: { account, password } });
      if (body.code !== 200) throw new Error(`login ${account} on ${name}: ${body.msg}`);
      return body.data.token;
    },
    async ready(timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output}`);
        const status = await fetch(`${base}/api/health/ready`).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) return;
        if (Date.now() > deadline) throw new Error(`${name} not ready after ${timeoutMs} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
  return instance;
}

/**
 * An approval as the console sends it on a Safe: signed with the demo signer's key (docs/chains.md
 * "Proposals on Safes"), on the devnet of the instance that takes it.
 */
export async function approveSigned(instance: Instance, token: string, account: string, proposalId: number) {
  const detail = await instance.call<ProposalDetail>('GET', ApiPath.sign.detail, { token, query: { proposalId: String(proposalId) } });
  if (!detail.body.data.signing) throw new Error(`proposal ${proposalId} is on no Safe`);
  const key = privateKeyToAccount(demoSigningKey(account));
  const signed = await approvalSignatures((typed) => key.signTypedData(typed), detail.body.data.signing);
  return instance.call('POST', ApiPath.sign.approval, { token, body: { proposalId, comment: '', ...signed } });
}
