import path from 'node:path';
import { ensureConsoleBuilt } from './buildIfChanged';

/**
 * `npm start`: the console's build check, then the API serving it, in one process (one tsx start
 * instead of two: docs/SCALING.md "Restart").
 */
await ensureConsoleBuilt(path.resolve(import.meta.dirname, '..'));
await import('../server/main');
