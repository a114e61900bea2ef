import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { RESOURCE_ACCESS } from '../../../src/contract/resourceAccess';
import { addressBookBody, addressBookListQuery, addressBookUpdateBody } from '../../../src/contract/schemas/addressBook';
import type { ServerContext } from '../../http/serverContext';
import { registerCrudRoutes } from '../../http/crudRoutes';
import { deleteAddressBookEntry, findAddressBookEntry, listAddressBook, saveAddressBookEntry, updateAddressBookEntry } from './service';

/**
 * The selected org's address book: every member reads it, its managers write it — with a fresh
 * second factor when enrolled (docs/DECISIONS.md "Two-factor authentication and step-up").
 */
export function registerAddressBookRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  registerCrudRoutes(app, context, {
    paths: ApiPath.addressBook,
    access: RESOURCE_ACCESS.addressBook,
    stepUp: true,
    list: { query: addressBookListQuery, handler: async ({ caller, query }) => listAddressBook(db, caller, query, context.now()) },
    detail: { handler: async ({ caller, id }) => findAddressBookEntry(db, caller, id, context.now()) },
    create: { body: addressBookBody, handler: async ({ caller, body }) => saveAddressBookEntry(db, caller, body, context.now(), context.config.policyDelayHours) },
    update: { body: addressBookUpdateBody, handler: async ({ caller, body }) => updateAddressBookEntry(db, caller, body, context.now()) },
    delete: { handler: async ({ caller, id }) => deleteAddressBookEntry(db, caller, id, context.now()) },
  });
}
