import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import { ledgerVerifyResult } from '../schemas/ledger';

/** The books' invariants, for the operator row (docs/ledger.md). */
export const ledgerVerbs = defineVerbs({
  verify: {
    method: 'GET',
    path: ApiPath.ledger.verify,
    summary: "The whole platform's books checked: every entry balanced, and the chain agreeing with them",
    access: 'ledger.verify',
    response: ledgerVerifyResult,
  },
});
