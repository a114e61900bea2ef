import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { RESOURCE_ACCESS } from '../../../src/contract/resourceAccess';
import { contractAddressBody, contractAddressDetailQuery, contractAddressListQuery } from '../../../src/contract/schemas/contractAddress';
import type { ServerContext } from '../../http/serverContext';
import { registerCrudRoutes } from '../../http/crudRoutes';
import { findContractAddresses, listContractAddresses, saveContractAddresses } from './service';

/** Contract addresses per chain (docs/api.md): route /contract-address is "all except agent"; the operator row sets a chain's addresses. */
export function registerContractAddressRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  registerCrudRoutes(app, context, {
    paths: ApiPath.contractAddress,
    access: RESOURCE_ACCESS.contractAddress,
    list: { query: contractAddressListQuery, handler: async ({ query }) => listContractAddresses(db, query) },
    detail: { query: contractAddressDetailQuery, handler: async ({ query }) => findContractAddresses(db, query.chainId) },
    create: { body: contractAddressBody, upsert: true, handler: async ({ body }) => saveContractAddresses(db, body, context.now()) },
  });
}
