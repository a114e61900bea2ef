import { policyVerbs } from '../../../src/contract/verbs/policy';
import { serveVerbs } from '../../http/verbs';
import { evaluatePolicy, policyDetail, savePolicy } from './service';

/** The selected org's transaction policy (src/contract/verbs/policy.ts says who may do what). */
export const registerPolicyRoutes = serveVerbs(policyVerbs, (_app, context) => {
  const { db } = context;
  return {
    detail: async ({ caller }) => policyDetail(db, caller, context.now(), context.config.policyDelayHours),
    evaluate: async ({ caller, query }) => evaluatePolicy(db, caller, query, context.now()),
    save: async ({ caller, body }) => savePolicy(db, caller, body, context.now(), context.config.policyDelayHours),
  };
});
