import type { FastifyServerOptions } from 'fastify';

/**
 * JSON lines for log collectors, readable lines for a person at a terminal (pino-pretty,
 * in a worker thread of pino's own). `LOG_FORMAT=json` keeps JSON on a terminal too.
 * Request lines name method and URL, never a body; a logged error passes `errorForLog`.
 */
export function loggerOptions(level: string, isTerminal: boolean, format?: string): NonNullable<FastifyServerOptions['logger']> {
  const serializers = { err: errorForLog };
  if (!isTerminal || format === 'json') return { level, serializers };
  return {
    level,
    serializers,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true } },
  };
}

/**
 * 65 bytes of hex or more: a Safe signature, or calldata packing several (`execTransaction`). Safe
 * signatures are bearer instruments (docs/chains.md "Signatures are secrets"), and a chain library's
 * error names the call's arguments: a log keeps their length only.
 */
const LONG_HEX = /0x[0-9a-fA-F]{130,}/g;
export const withoutLongHex = (text: string): string =>
  text.replace(LONG_HEX, (hex) => `0x…(${Math.floor((hex.length - 2) / 2)} bytes withheld)`);

/** An error as a log line shows it: its type, message, stack, own fields and cause, long hex withheld everywhere. */
export const errorForLog = (error: Error): { [key: string]: unknown; type: string; message: string; stack: string } => {
  const fields = scrubbed(error) as Record<string, unknown>;
  return { ...fields, type: String(fields.type ?? 'Error'), message: String(fields.message ?? ''), stack: String(fields.stack ?? '') };
};

function scrubbed(error: unknown, depth = 0): unknown {
  if (typeof error === 'string') return withoutLongHex(error);
  if (typeof error === 'bigint') return error.toString();
  if (error === null || typeof error !== 'object' || depth > 4) return error;
  if (Array.isArray(error)) return error.map((item) => scrubbed(item, depth + 1));
  const fields: Record<string, unknown> = {};
  if (error instanceof Error) {
    fields.type = error.constructor.name;
    fields.message = withoutLongHex(error.message);
    if (error.stack) fields.stack = withoutLongHex(error.stack);
    if (error.cause !== undefined) fields.cause = scrubbed(error.cause, depth + 1);
  }
  for (const [key, value] of Object.entries(error)) {
    if (key in fields || typeof value === 'function') continue;
    fields[key] = scrubbed(value, depth + 1);
  }
  return fields;
}
