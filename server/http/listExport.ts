import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendCsvExport, type CsvExport } from './csvExport';
import { exportNames } from './exportNames';
import type { ServerContext } from './serverContext';
import { copySourceOf } from '../db/copySource';

/**
 * A list's whole filtered rows as CSV, the names of the records they refer to read where the
 * list reads (the replica): what every export sends. On PostgreSQL the file is one COPY where
 * SQL can write its columns (server/http/copyExport.ts) unless `config.exportCopy` is false.
 */
export async function sendListExport<DB, TB extends keyof DB, O, Row>(
  context: Pick<ServerContext, 'messages' | 'reader'> & Partial<Pick<ServerContext, 'config'>>,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: Omit<CsvExport<DB, TB, O, Row>, 'names'>,
): Promise<FastifyReply> {
  const copy = context.config?.exportCopy === false ? undefined : copySourceOf(context.reader);
  return sendCsvExport(request, reply, context.messages, { ...spec, names: await exportNames(context.reader), copy });
}
