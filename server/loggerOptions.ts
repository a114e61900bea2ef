import type { FastifyServerOptions } from 'fastify';

/**
 * JSON lines for log collectors, readable lines for a person at a terminal (pino-pretty,
 * in a worker thread of pino's own). `LOG_FORMAT=json` keeps JSON on a terminal too.
 */
export function loggerOptions(level: string, isTerminal: boolean, format = process.env.LOG_FORMAT): NonNullable<FastifyServerOptions['logger']> {
  if (!isTerminal || format === 'json') return { level };
  return { level, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true } } };
}
