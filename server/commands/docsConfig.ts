import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../config';
import { withConfigTable } from '../readmeConfig';

/** `npm run docs:config`: rewrites README.md's configuration table from the environment's schema (server/env.ts). */
const readmePath = path.join(projectRoot, 'README.md');
const before = fs.readFileSync(readmePath, 'utf8');
const after = withConfigTable(before);
if (after === before) console.log('README.md: configuration table already up to date');
else {
  fs.writeFileSync(readmePath, after);
  console.log('README.md: configuration table rewritten');
}
