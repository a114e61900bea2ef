import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { RESOURCE_ACCESS } from '../../../src/access';
import { addressBookBody, addressBookListQuery, addressBookRecord, addressBookUpdateBody } from '../../../src/contract/schemas/addressBook';
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
    record: addressBookRecord,
    stepUp: true,
    list: {
      query: addressBookListQuery,
      summary: 'The selected org’s address book, by chain, state or a label/address search',
      handler: async ({ caller, query }) => listAddressBook(db, caller, query, context.now()),
    },
    detail: { summary: 'One address book entry', handler: async ({ caller, id }) => findAddressBookEntry(db, caller, id, context.now()) },
    create: {
      body: addressBookBody,
      summary: 'Add a destination, counted as in the book after the org’s change delay',
      handler: async ({ caller, body }) => saveAddressBookEntry(db, caller, body, context.now(), context.config.policyDelayHours),
    },
    update: {
      body: addressBookUpdateBody,
      summary: 'Rename an entry or change its memo (the address and its delay stay)',
      handler: async ({ caller, body }) => updateAddressBookEntry(db, caller, body, context.now()),
    },
    delete: {
      summary: 'Remove an entry at once: answers the deleted record',
      handler: async ({ caller, id }) => deleteAddressBookEntry(db, caller, id, context.now()),
    },
  });
}
