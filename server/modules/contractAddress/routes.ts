import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { contractAddressBody, contractAddressDetailQuery, contractAddressListQuery } from '../../../src/contract/schemas/contractAddress';
import { masks } from '../../../src/access';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { findContractAddresses, listContractAddresses, saveContractAddresses } from './service';

/** Contract addresses per chain (docs/api.md "Contract kinds and addresses"): route /contract-address is "all except agent"; the operator row writes. */
export function registerContractAddressRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.contractAddress;
  defineRoute(app, context, {
    method: 'GET',
    path: paths.list,
    access: masks.excludeAgent,
    query: contractAddressListQuery,
    handler: async ({ query }) => listContractAddresses(db, query),
  });
  defineRoute(app, context, {
    method: 'GET',
    path: paths.detail,
    access: masks.excludeAgent,
    query: contractAddressDetailQuery,
    handler: async ({ query }) => findContractAddresses(db, query.chainId),
  });
  for (const path of [paths.save, paths.update]) {
    defineRoute(app, context, {
      method: 'POST',
      path,
      access: masks.operator,
      body: contractAddressBody,
      handler: async ({ body }) => saveContractAddresses(db, body, context.now()),
    });
  }
}
