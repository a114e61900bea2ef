import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import {
  policyDetail as policyDetailSchema,
  policyEvaluateQuery,
  policyEvaluation,
  policySaveBody,
} from '../../../src/contract/schemas/policy';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { evaluatePolicy, policyDetail, savePolicy } from './service';

/**
 * The selected org's transaction policy: every member reads it (and may test a transaction
 * against it, so nobody has to guess why a withdrawal waits); only its managers change it.
 */
export function registerPolicyRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.policy;

  defineRoute(app, context, {
    method: 'GET',
    path: paths.detail,
    access: 'member',
    response: policyDetailSchema,
    handler: async ({ caller }) => policyDetail(db, caller, context.now(), context.config.policyDelayHours),
  });

  defineRoute(app, context, {
    method: 'GET',
    path: paths.evaluate,
    access: 'member',
    query: policyEvaluateQuery,
    response: policyEvaluation,
    handler: async ({ caller, query }) => evaluatePolicy(db, caller, query, context.now()),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.save,
    access: 'policy.edit',
    body: policySaveBody,
    response: policyDetailSchema,
    // A rule change decides who may move money: an enrolled manager proves it is them.
    stepUp: true,
    handler: async ({ caller, body }) => savePolicy(db, caller, body, context.now(), context.config.policyDelayHours),
  });
}
