import { signingKeyVerbs } from '../../../src/contract/verbs/signingKey';
import { serveVerbs } from '../../http/verbs';
import { registerSigningKey, signingKeyOf } from './service';

/** /account's signing key (docs/chains.md "Signers' keys"): every role may hold one; signers need one. */
export const registerSigningKeyRoutes = serveVerbs(signingKeyVerbs, (_app, context) => ({
  state: async ({ caller }) => signingKeyOf(context.db, caller.userId),
  register: async ({ caller, body }) => registerSigningKey(context.db, caller, body, context.now()),
}));
