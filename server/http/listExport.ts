import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendCsvExport, type CsvExport } from './csvExport';
import { exportNames } from './exportNames';
import type { ServerContext } from './serverContext';

/**
 * A list's whole filtered rows as CSV, the names of the records they refer to read where the
 * list reads (the replica): what every export sends.
 */
export async function sendListExport<DB, TB extends keyof DB, O, Row>(
  context: Pick<ServerContext, 'messages' | 'reader'>,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: Omit<CsvExport<DB, TB, O, Row>, 'names'>,
): Promise<FastifyReply> {
  return sendCsvExport(request, reply, context.messages, { ...spec, names: await exportNames(context.reader) });
}
