import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import { dashboardData, dashboardQuery } from '../schemas/dashboard';

/** /home's figures that need the database to add up (docs/roles-and-routes.md). */
export const dashboardVerbs = defineVerbs({
  volume: {
    method: 'GET',
    path: ApiPath.dashboard,
    summary: 'Paid volume per UTC day and currency over the last `days` days, in the caller’s scope',
    access: 'member',
    query: dashboardQuery,
    response: dashboardData,
  },
});
