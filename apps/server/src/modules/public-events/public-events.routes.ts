import { dataEnvelope, listEnvelope } from '@taquilla/shared/schemas/envelope';
import {
  publicDatesQuery,
  publicEventDateSchema,
  publicEventQuery,
} from '@taquilla/shared/schemas/event-dates';
import { publicEventSchema } from '@taquilla/shared/schemas/public';
import { publicEventSummarySchema } from '@taquilla/shared/schemas/public-events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MicroCache } from '../../lib/micro-cache.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import { type PreparedAnswer, prepareAnswer, sendPrepared } from '../../lib/prepared-answer.ts';
import { promoCodeTries } from './promo-code-tries.ts';
import * as service from './public-events.service.ts';

/** Buyers' reads are cacheable for a few seconds; a matching ETag answers 304 without a body. */
const CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';

const eventParams = z.object({ id: z.string().max(64) });
/** `If-None-Match` matched the answer's ETag: no body. */
const notModified = z.undefined().meta({ description: 'Not modified (ETag)' });

/** The public (no login) read side: GET /api/public/events, /events/{id}, /events/{id}/promo-codes/{code}. */
export const publicEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, answers } = app.deps;
  /**
   * The public event is the most-read endpoint: its serialized answer is kept briefly (PUBLIC_CACHE_TTL_MS,
   * default 1 s) per event and promo code, so a flash-sale crowd costs one build per second. Counts shown
   * may lag by that long; checkout re-checks every limit under locks, so nothing can oversell. The
   * answer is kept as bytes with its ETag (and compressed once), and its entry indexed by the request's
   * URL in `answers`, so repeats of that URL are served by app.ts before the other hooks run; a hot
   * entry is refreshed in the background before it expires (MicroCache).
   */
  const publicEventCache = new MicroCache<PreparedAnswer>(config.publicCacheTtlMs, 2000);
  const promoCodeTry = promoCodeTries(app);

  app.get(
    '/public/events',
    {
      schema: {
        summary: 'List the events on sale (public)',
        querystring: listQuerystring,
        response: { 200: listEnvelope(publicEventSummarySchema), 304: notModified },
      },
    },
    async (request, reply) =>
      sendPrepared(
        request,
        reply,
        prepareAnswer(await service.listPublicEvents(db, request.query), CACHE_CONTROL),
      ),
  );

  app.get(
    '/public/events/:id',
    {
      schema: {
        summary: 'Get an event on sale, with its tickets and questions (public)',
        params: eventParams,
        querystring: publicEventQuery,
        response: { 200: dataEnvelope(publicEventSchema), 304: notModified },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { date } = request.query;
      const promoCode = request.query.promo_code?.trim().toLowerCase() || undefined;
      if (promoCode) await promoCodeTry(request);
      const key = `${id}|${promoCode ?? ''}|${date ?? ''}`;
      const answer = await publicEventCache.get(key, async () =>
        prepareAnswer({ data: await service.getPublicEvent(db, id, promoCode, date) }, CACHE_CONTROL),
      );
      answers.remember(request.url, publicEventCache, key);
      return sendPrepared(request, reply, answer);
    },
  );

  app.get(
    '/public/events/:id/dates',
    {
      schema: {
        summary:
          "An event's upcoming dates starting on the given days of its time zone (public; at most 62 days)",
        params: eventParams,
        querystring: publicDatesQuery,
        response: { 200: dataEnvelope(z.array(publicEventDateSchema)) },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      reply.header('cache-control', CACHE_CONTROL);
      return { data: await service.publicDatesInRange(db, request.params.id, from, to) };
    },
  );

  app.get(
    '/public/events/:id/promo-codes/:code',
    {
      schema: {
        summary: 'Check a promo code for an event (public)',
        params: z.object({ id: z.string().max(64), code: z.string().max(200) }),
        /** `date`: the event date the order is for (#27); a code limited to other dates is not valid. */
        querystring: z.object({ date: z.uuid().optional() }),
        response: { 200: z.object({ data: z.object({ valid: z.boolean() }), valid: z.boolean() }) },
      },
      preHandler: promoCodeTry,
    },
    async (request, reply) => {
      const valid = await service.isPromoCodeValid(
        db,
        request.params.id,
        request.params.code,
        request.query.date,
      );
      // `valid` at the top level too: spec §7 says the call returns "a valid flag".
      reply.header('cache-control', 'no-store');
      return { data: { valid }, valid };
    },
  );
};
