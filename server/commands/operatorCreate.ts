import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { readConfigOrExit } from '../config';
import { openDatabaseWhenReachable, retryOnConsole } from '../db/waitForDatabase';
import { createFirstOperator, FirstOperatorRefused } from '../modules/account/firstOperator';

/**
 * `npm run operator:create -- --account founder --name "Founder" [--org "Acme Custody"]`: on a database
 * with no user (SEED=none), the operator org and its superAdmin, so someone can sign in
 * (README "Starting with nothing seeded"). Migrates first, as `npm run migrate` does. The password is
 * never an argument (others read a process's arguments): OPERATOR_PASSWORD, or typed (unechoed) or piped
 * on stdin. On a database that has a user it says so and writes nothing (exit code 1).
 */
const USAGE = 'usage: npm run operator:create -- --account <name> --name "<full name>" [--org "<operator org name>"]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The password from OPERATOR_PASSWORD, else stdin's first line: typed without echo on a terminal, or piped. */
async function readPassword(): Promise<string> {
  const fromEnv = process.env.OPERATOR_PASSWORD;
  if (fromEnv) return fromEnv;
  const typed = process.stdin.isTTY;
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const lines = createInterface({ input: process.stdin, output: typed ? output : undefined, terminal: typed });
  if (typed) process.stderr.write('Password (not shown): ');
  muted = true;
  const line = await new Promise<string>((resolve) => {
    lines.once('line', resolve);
    lines.once('close', () => resolve(''));
  });
  lines.close();
  if (typed) process.stderr.write('\n');
  return line;
}

let options: { account?: string; name?: string; org?: string };
try {
  ({ values: options } = parseArgs({
    options: { account: { type: 'string' }, name: { type: 'string' }, org: { type: 'string' } },
    strict: true,
  }));
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
}
if (!options.account || !options.name) fail(USAGE);
const password = await readPassword();
if (!password) fail('no password: set OPERATOR_PASSWORD, or type it (or pipe it) on stdin');

const config = readConfigOrExit();
const handle = await openDatabaseWhenReachable({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, { onRetry: retryOnConsole });
let refusal: string | null = null;
try {
  const made = await createFirstOperator(handle.db, { account: options.account, name: options.name, password, orgName: options.org });
  if (made.created)
    console.log(`operator ${options.account} created, superAdmin of org #${made.orgId} on ${handle.kind}: sign in with that account`);
  else refusal = 'the database has users already: no operator created (this command only makes the first account of an empty platform)';
} catch (error) {
  if (!(error instanceof FirstOperatorRefused)) throw error;
  refusal = `no operator created: ${error.message}`;
} finally {
  await handle.close();
}
// After the close: the embedded database's shutdown sets the exit code of its own.
if (refusal) fail(refusal);
