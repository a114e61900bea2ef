import { writeFileSync } from 'node:fs';
import { artifactPath, compileContract, OWN_CONTRACTS } from '../chain/evm/contracts/compile';

/** `npm run compile:contracts`: writes each of the platform's contracts' artifact next to its source. */
for (const name of OWN_CONTRACTS) {
  const target = artifactPath(name);
  writeFileSync(target, `${JSON.stringify(compileContract(name), null, 2)}\n`);
  console.log(`wrote ${target}`);
}
