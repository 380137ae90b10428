import type { FastifyRequest } from 'fastify';
import type { Client } from './auth.repository.ts';

/** The caller's address (request.ip: TRUST_PROXY decides whether X-Forwarded-For counts) and User-Agent. */
export const clientOf = (request: FastifyRequest): Client => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});
