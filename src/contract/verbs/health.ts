import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import { healthStatus } from '../schemas/health';

/** The load balancer's two questions (README "Running several instances"): alive, and ready for traffic. */
export const healthVerbs = defineVerbs({
  live: { method: 'GET', path: ApiPath.health.live, summary: 'Liveness: the process answers', access: 'public', response: healthStatus },
  ready: {
    method: 'GET',
    path: ApiPath.health.ready,
    summary: 'Readiness: the database answers and its migrations are at this code’s head (503 otherwise)',
    access: 'public',
    response: healthStatus,
  },
});
