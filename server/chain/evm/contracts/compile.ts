import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FOLDER = dirname(fileURLToPath(import.meta.url));
/** Pinned with the source's `pragma`: the committed artifact is what this compiler makes of it. */
export const SOLC_SETTINGS = { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' } as const;

export interface CompiledContract {
  abi: unknown[];
  bytecode: `0x${string}`;
}

/**
 * Compiles DevnetToken.sol with solc-js (a development dependency: the server loads the
 * committed DevnetToken.json and never compiles). `npm run compile:contracts` writes the
 * artifact; tests/unit/chain/devnetToken.test.ts fails when it no longer matches the source.
 */
export function compileDevnetToken(): CompiledContract {
  const require = createRequire(import.meta.url);
  const solc = require('solc') as { compile: (input: string) => string };
  const input = {
    language: 'Solidity',
    sources: { 'DevnetToken.sol': { content: readFileSync(join(FOLDER, 'DevnetToken.sol'), 'utf8') } },
    settings: { ...SOLC_SETTINGS, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['DevnetToken.sol'].DevnetToken;
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}
