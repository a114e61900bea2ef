import { z } from 'zod';

/** `data` of GET /health/live and /health/ready when the answer is yes. */
export const healthStatus = z.object({ status: z.enum(['live', 'ready']) });
