import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { addressBookBody, addressBookListQuery, addressBookUpdateBody } from '../../../src/contract/schemas/addressBook';
import { detailQuery } from '../../../src/contract/schemas/listQuery';
import { masks } from '../../../src/access';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { pathId } from '../../http/pathId';
import { deleteAddressBookEntry, findAddressBookEntry, listAddressBook, saveAddressBookEntry, updateAddressBookEntry } from './service';

/**
 * The selected org's address book: every member reads it, its managers write it — with a fresh
 * second factor when enrolled (docs/DECISIONS.md "Two-factor authentication and step-up").
 */
export function registerAddressBookRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.addressBook;

  defineRoute(app, context, {
    method: 'GET',
    path: paths.list,
    access: masks.all,
    query: addressBookListQuery,
    handler: async ({ caller, query }) => listAddressBook(db, caller, query, context.now()),
  });
  defineRoute(app, context, {
    method: 'GET',
    path: paths.detail,
    access: masks.all,
    query: detailQuery,
    handler: async ({ caller, query }) => findAddressBookEntry(db, caller, query.id, context.now()),
  });
  defineRoute(app, context, {
    method: 'POST',
    path: paths.save,
    access: masks.allManagers,
    stepUp: true,
    body: addressBookBody,
    handler: async ({ caller, body }) => saveAddressBookEntry(db, caller, body, context.now(), context.config.policyDelayHours),
  });
  defineRoute(app, context, {
    method: 'POST',
    path: paths.update,
    access: masks.allManagers,
    stepUp: true,
    body: addressBookUpdateBody,
    handler: async ({ caller, body }) => updateAddressBookEntry(db, caller, body, context.now()),
  });
  defineRoute(app, context, {
    method: 'POST',
    path: paths.delete,
    access: masks.allManagers,
    stepUp: true,
    handler: async ({ caller, params }) => deleteAddressBookEntry(db, caller, pathId(params), context.now()),
  });
}
