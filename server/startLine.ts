import path from 'node:path';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import { DEMO_PASSWORD, demoUsers } from './db/seed/demoData';
import { verifyPassword } from './credentials/password';

/**
 * The one line a newcomer reads after `npm start`: where the console is, which database it
 * runs on (never the credentials of a DATABASE_URL), and how to sign in while the demo
 * account still has the published demo password (a changed password is never hinted at).
 */
export function databaseLabel(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>, cwd = process.cwd()): string {
  if (!config.databaseUrl) {
    const relative = path.relative(cwd, config.dataDir);
    return `embedded PGlite in ${relative === '' ? '.' : relative.startsWith('..') ? config.dataDir : `./${relative}`}`;
  }
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

const DEMO_ACCOUNT = demoUsers[0].account;

export async function startLine(config: ServerConfig, db: Db): Promise<string> {
  const url = `http://localhost:${config.port}`;
  const demo = await db.selectFrom('appUser').select('passwordHash').where('account', '=', DEMO_ACCOUNT).executeTakeFirst();
  const signIn =
    demo && (await verifyPassword(DEMO_PASSWORD, demo.passwordHash))
      ? `; sign in as ${DEMO_ACCOUNT} / ${DEMO_PASSWORD} (every demo account: README.md)`
      : '';
  return `Custodia console and API on ${url} (database: ${databaseLabel(config)})${signIn}`;
}
