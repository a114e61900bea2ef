import { measureRestart, restartReport } from './restart';
const f = await measureRestart();
console.log(JSON.stringify(f));
for (const l of restartReport(f)) console.log(l);
