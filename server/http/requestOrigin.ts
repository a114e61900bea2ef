import type { FastifyRequest } from 'fastify';

/** `https://host` as the client reached this server (behind a proxy: as TRUST_PROXY lets Fastify read it): links in answers point there. */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
