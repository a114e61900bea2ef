import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { signingKeyRegisterBody, signingKeyState } from '../../../src/contract/schemas/signingKey';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { registerSigningKey, signingKeyOf } from './service';

/** /account's signing key (docs/chains.md "Signers' keys"): every role may hold one; signers need one. */
export function registerSigningKeyRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.account.signingKey;

  defineRoute(app, context, {
    method: 'GET',
    path: paths.state,
    summary: "The caller's signing key: its address and when it was registered, or none",
    access: 'member',
    response: signingKeyState,
    handler: async ({ caller }) => signingKeyOf(db, caller.userId),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.register,
    summary: "Register the caller's signing key, with the key's signature over the text naming the account and address",
    access: 'member',
    body: signingKeyRegisterBody,
    response: signingKeyState,
    // Who signs for the money is as sensitive as a password.
    stepUp: true,
    handler: async ({ caller, body }) => registerSigningKey(db, caller, body, context.now()),
  });
}
