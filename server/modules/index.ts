import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../http/serverContext';
import { registerAuthRoutes } from './auth/routes';

/** Every API module; each declares its routes with their access masks. */
export const modules: Array<(app: FastifyInstance, context: ServerContext) => void> = [registerAuthRoutes];
