import os from 'node:os';
import { bundleReport, measureBundle } from './bundleSize';
import { measureApiThroughput, measureRequestPath } from './apiThroughput';
import { runVolumeBench } from './volume';
import { measureOutflowLatency, outflowReport } from './outflowLatency';
import { measureRestart, restartReport } from './restart';
import { auditedWritesReport, measureAuditedWrites } from './auditedWrites';
import { measurePageLoad, pageLoadReport } from './pageLoad';
import { measurePayments, paymentsReport } from './payments';
import { measureWebhooks, webhooksReport } from './webhooks';

/** `npm run bench`: every budget figure, printed as sizes and ratios (never a timed test); `-- --volume` adds the reports at volume; `-- --request-path` runs only the request-path case, `-- --audited-writes` only the audited writes, `-- --restart` only the restart, `-- --page-load` only the first load of /multisig, `-- --payments` only the payments, `-- --webhooks` only the webhooks. */
console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);
console.log(`date: ${new Date().toISOString()}`);
if (process.argv.includes('--volume')) {
  await runVolumeBench(process.argv.slice(2));
} else if (process.argv.includes('--restart')) {
  // Only issue 35's restart (on PostgreSQL too when BENCH_DATABASE_URL names one).
  for (const line of restartReport(await measureRestart())) console.log(line);
} else if (process.argv.includes('--audited-writes')) {
  // Only issue 35's audited writes (on PostgreSQL, with a second instance, when BENCH_DATABASE_URL names one).
  for (const line of auditedWritesReport(await measureAuditedWrites(), process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'))
    console.log(line);
} else if (process.argv.includes('--payments')) {
  // Only issue 36's payments: order creation and the time from a payment mined to its order paid.
  for (const line of paymentsReport(await measurePayments())) console.log(line);
  for (const line of webhooksReport(await measureWebhooks())) console.log(line);
} else if (process.argv.includes('--webhooks')) {
  // Only issue 37's webhooks: a payment mined to its webhook received, and deliveries per second with two loops (on PostgreSQL when BENCH_DATABASE_URL names one).
  for (const line of webhooksReport(await measureWebhooks())) console.log(line);
} else if (process.argv.includes('--page-load')) {
  // Only issue 35's first load of /multisig (needs `vite build` first).
  for (const line of pageLoadReport(await measurePageLoad())) console.log(line);
} else if (process.argv.includes('--request-path')) {
  // Only issue 35's request path (on PostgreSQL when BENCH_DATABASE_URL names one).
  for (const line of await measureRequestPath()) console.log(line);
} else {
  const bundle = measureBundle();
  for (const line of bundleReport(bundle)) console.log(line);
  const api = await measureApiThroughput();
  console.log(`GET /api/sys/chain/list (authenticated, PGlite): ${api.apiRps.toFixed(0)} req/s`);
  console.log(`bare Fastify route, constant envelope:          ${api.bareRps.toFixed(0)} req/s`);
  console.log(`ratio api / bare: ${api.ratio.toFixed(3)}`);
  for (const line of auditedWritesReport(await measureAuditedWrites(), process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'))
    console.log(line);
  for (const line of await measureRequestPath()) console.log(line);
  for (const line of outflowReport(await measureOutflowLatency())) console.log(line);
  for (const line of restartReport(await measureRestart())) console.log(line);
  for (const line of pageLoadReport(await measurePageLoad())) console.log(line);
  for (const line of paymentsReport(await measurePayments())) console.log(line);
  for (const line of webhooksReport(await measureWebhooks())) console.log(line);
}
