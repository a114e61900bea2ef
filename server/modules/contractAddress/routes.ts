import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { RESOURCE_ACCESS } from '../../../src/access';
import {
  contractAddressBody,
  contractAddressDetailQuery,
  contractAddressListQuery,
  contractAddressRecord,
} from '../../../src/contract/schemas/contractAddress';
import type { ServerContext } from '../../http/serverContext';
import { registerCrudRoutes } from '../../http/crudRoutes';
import { findContractAddresses, listContractAddresses, saveContractAddresses } from './service';

/** Contract addresses per chain (docs/api.md): route /contract-address is "all except agent"; the operator row sets a chain's addresses. */
export function registerContractAddressRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  registerCrudRoutes(app, context, {
    paths: ApiPath.contractAddress,
    access: RESOURCE_ACCESS.contractAddress,
    record: contractAddressRecord,
    list: {
      query: contractAddressListQuery,
      summary: 'Every chain with its 14 contract addresses (empty where none is saved), paged',
      handler: async ({ query }) => listContractAddresses(db, query),
    },
    detail: {
      query: contractAddressDetailQuery,
      summary: 'One chain’s contract addresses, by chainId',
      handler: async ({ query }) => findContractAddresses(db, query.chainId),
    },
    create: {
      body: contractAddressBody,
      upsert: true,
      summary: 'Set a chain’s contract addresses (an absent field keeps what is stored)',
      handler: async ({ body }) => saveContractAddresses(db, body, context.now()),
    },
  });
}
