import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import { policyDetail, policyEvaluateQuery, policyEvaluation, policySaveBody } from '../schemas/policy';

/**
 * The selected org's transaction policy (docs/DECISIONS.md "Transaction policy"): every member
 * reads it and may test a transaction against it, so nobody has to guess why a withdrawal waits;
 * only its managers change it.
 */
export const policyVerbs = defineVerbs({
  detail: {
    method: 'GET',
    path: ApiPath.policy.detail,
    summary: "The selected org's transaction policy",
    access: 'member',
    response: policyDetail,
  },
  evaluate: {
    method: 'GET',
    path: ApiPath.policy.evaluate,
    summary: 'Test a transaction against the policy: the rule it meets and its outcome',
    access: 'member',
    query: policyEvaluateQuery,
    response: policyEvaluation,
  },
  save: {
    method: 'POST',
    path: ApiPath.policy.save,
    summary: "Change the org's transaction policy",
    access: 'policy.edit',
    body: policySaveBody,
    response: policyDetail,
    // A rule change decides who may move money: an enrolled manager proves it is them.
    stepUp: true,
  },
});
