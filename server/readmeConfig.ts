import { configTable } from './env';

/** The markers around README.md's configuration table: what `npm run docs:config` rewrites. */
export const CONFIG_TABLE_START = '<!-- config table: npm run docs:config writes it from server/env.ts -->';
export const CONFIG_TABLE_END = '<!-- end of config table -->';

/** README.md's text with the table between the markers made from the schema; throws when a marker is missing. */
export function withConfigTable(readme: string): string {
  const start = readme.indexOf(CONFIG_TABLE_START);
  const end = readme.indexOf(CONFIG_TABLE_END);
  if (start < 0 || end < start)
    throw new Error(`README.md must hold the configuration table between "${CONFIG_TABLE_START}" and "${CONFIG_TABLE_END}"`);
  return `${readme.slice(0, start + CONFIG_TABLE_START.length)}\n${configTable()}\n${readme.slice(end)}`;
}
