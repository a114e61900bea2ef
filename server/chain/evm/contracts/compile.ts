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

/** The platform's own contracts, each `<name>.sol` beside this file with its artifact `<name>.json`. */
export const OWN_CONTRACTS = ['DevnetToken', 'RelayerGuard'] as const;
export type OwnContract = (typeof OWN_CONTRACTS)[number];

/**
 * Compiles one of the platform's contracts with solc-js (a development dependency: the server
 * loads the committed `<name>.json` and never compiles). `npm run compile:contracts` writes the
 * artifacts; tests/unit/chain/contractArtifacts.test.ts fails when one no longer matches its source.
 */
export function compileContract(name: OwnContract): CompiledContract {
  const require = createRequire(import.meta.url);
  const solc = require('solc') as { compile: (input: string) => string };
  const file = `${name}.sol`;
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: readFileSync(join(FOLDER, file), 'utf8') } },
    settings: { ...SOLC_SETTINGS, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts[file][name];
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

/** Where a contract's committed artifact lives. */
export const artifactPath = (name: OwnContract): string => join(FOLDER, `${name}.json`);
