import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { auditLogListQueryFor } from '../../../src/contract/schemas/auditLog';
import { declaredResources } from '../declared/discover';
import { isGenericApi } from '../../../src/resources/engine/types';
import { detailQuery } from '../../../src/contract/schemas/listQuery';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { auditEventDetail, exportAuditEvents, listAuditEvents, verifyAuditChain } from './service';
import { auditEventList, auditEventRecord, auditVerifyResult } from '../../../src/contract/schemas/auditLog';
import { csvFile } from '../../../src/contract/schemas/response';

/** /audit-log: the operator row and every org's manager read; the chain's check is the operator's. */
export function registerAuditLogRoutes(app: FastifyInstance, context: ServerContext): void {
  // Lists, exports and details may read a replica; the chain's check reads the primary, the record itself.
  const { db, reader } = context;
  // A table the generic service serves is audited under its resource's name (a module audits its own): a filter by it is as valid as by a built-in one.
  const auditLogListQuery = auditLogListQueryFor(declaredResources.filter((d) => isGenericApi(d.api)).map((d) => d.name));
  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.auditLog.list,
    access: 'auditLog.read',
    query: auditLogListQuery,
    response: auditEventList,
    handler: async ({ caller, query }) => listAuditEvents(reader, caller, query),
  });
  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.auditLog.export,
    access: 'auditLog.read',
    query: auditLogListQuery,
    response: csvFile,
    handler: async (input) => exportAuditEvents(context, input),
  });
  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.auditLog.detail,
    access: 'auditLog.read',
    query: detailQuery,
    response: auditEventRecord,
    handler: async ({ caller, query }) => auditEventDetail(reader, caller, query.id),
  });
  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.auditLog.verify,
    access: 'auditLog.verify',
    response: auditVerifyResult,
    handler: async () => verifyAuditChain(db, context.now()),
  });
}
