import path from 'node:path';
import { ensureServerBuilt } from './serverBuild.mjs';

/**
 * `npm start` (docs/DECISIONS.md "Starting in seconds"): the compiled start, built first when any
 * of its inputs changed, then run by plain node in this process: the console's build check, then
 * the API (build/start.ts).
 */
const root = path.resolve(import.meta.dirname, '..');
const { entry, outcome } = await ensureServerBuilt(root);
if (outcome === 'built') console.log(`Server compiled into ${path.relative(root, entry)}.`);
await import(entry);
