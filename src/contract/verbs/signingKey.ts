import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import { signingKeyRegisterBody, signingKeyState } from '../schemas/signingKey';

const paths = ApiPath.account.signingKey;

/** /account's signing key (docs/chains.md "Signers' keys"): every role may hold one; signers need one. */
export const signingKeyVerbs = defineVerbs({
  state: {
    method: 'GET',
    path: paths.state,
    summary: "The caller's signing key: its address and when it was registered, or none",
    access: 'member',
    response: signingKeyState,
  },
  register: {
    method: 'POST',
    path: paths.register,
    summary: "Register the caller's signing key, with the key's signature over the text naming the account and address",
    access: 'member',
    body: signingKeyRegisterBody,
    response: signingKeyState,
    // Who signs for the money is as sensitive as a password.
    stepUp: true,
  },
});
