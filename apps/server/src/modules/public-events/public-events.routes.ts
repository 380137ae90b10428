import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MicroCache } from '../../lib/micro-cache.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import * as service from './public-events.service.ts';

/** Buyers' reads are cacheable for a few seconds; a matching ETag answers 304 without a body. */
const CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';

type Serialized = { json: string; etag: string };

function serialize(body: unknown): Serialized {
  const json = JSON.stringify(body);
  return { json, etag: `W/"${createHash('sha1').update(json).digest('base64url')}"` };
}

function sendCached(request: FastifyRequest, reply: FastifyReply, body: unknown | Serialized) {
  const { json, etag } = isSerialized(body) ? body : serialize(body);
  reply.header('cache-control', CACHE_CONTROL).header('etag', etag).header('vary', 'accept-language, cookie');
  const match = request.headers['if-none-match'];
  if (match?.split(',').some((t) => t.trim() === etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

function isSerialized(body: unknown): body is Serialized {
  return typeof body === 'object' && body !== null && 'json' in body && 'etag' in body;
}

const eventParams = z.object({ id: z.string().max(64) });

/** The public (no login) read side: GET /api/public/events, /events/{id}, /events/{id}/promo-codes/{code}. */
export const publicEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  /**
   * The public event is the most-read endpoint: its serialized answer is kept briefly (PUBLIC_CACHE_TTL_MS,
   * default 1 s) per event and promo code, so a flash-sale crowd costs one build per second. Counts shown
   * may lag by that long; checkout re-checks every limit under locks, so nothing can oversell.
   */
  const publicEventCache = new MicroCache<Serialized>(config.publicCacheTtlMs, 2000);

  app.get('/public/events', { schema: { querystring: listQuerystring } }, async (request, reply) =>
    sendCached(request, reply, await service.listPublicEvents(db, request.query)),
  );

  app.get(
    '/public/events/:id',
    {
      schema: { params: eventParams, querystring: z.object({ promo_code: z.string().max(100).optional() }) },
    },
    async (request, reply) => {
      const { id } = request.params;
      const promoCode = request.query.promo_code?.trim().toLowerCase() || undefined;
      const body = await publicEventCache.get(`${id}|${promoCode ?? ''}`, async () =>
        serialize({ data: await service.getPublicEvent(db, id, promoCode) }),
      );
      return sendCached(request, reply, body);
    },
  );

  app.get(
    '/public/events/:id/promo-codes/:code',
    { schema: { params: z.object({ id: z.string().max(64), code: z.string().max(200) }) } },
    async (request, reply) => {
      const valid = await service.isPromoCodeValid(db, request.params.id, request.params.code);
      // `valid` at the top level too: spec §7 says the call returns "a valid flag".
      reply.header('cache-control', 'no-store');
      return { data: { valid }, valid };
    },
  );
};
