import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileDevnetToken } from '../chain/evm/contracts/compile';

/** `npm run compile:contracts`: writes the devnet token's artifact next to its source. */
const target = fileURLToPath(new URL('../chain/evm/contracts/DevnetToken.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(compileDevnetToken(), null, 2)}\n`);
console.log(`wrote ${target}`);
