import type { ResourceDeclaration } from './types';

/**
 * A declaration as a value, checked by its type and nothing else: free of React, zod and the
 * engine, so the server reads the same file (src/resources/<name>/resource.ts) to serve the
 * resource's API, and the console's start-up reads it for the route. The console turns it
 * into a resource with `defineResource`.
 */
export const declareResource = <const D extends ResourceDeclaration>(declaration: D): D => declaration;
