import { isLocale } from '@taquilla/shared';
import { dataEnvelope } from '@taquilla/shared/schemas/envelope';
import { widgetSettingsResponseSchema, widgetSettingsSchema } from '@taquilla/shared/schemas/widget';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { isUuid } from '../../lib/ids.ts';
import { SpaShell } from '../../lib/spa.ts';
import { loadPublicEvent } from '../public-events/public-events.service.ts';
import { waitingRoomGate } from '../waiting-room/gate.ts';
import { queuePageHandler, queuePageSchema } from '../waiting-room/waiting-room.routes.ts';
import * as service from './widget.service.ts';

const eventParams = z.object({ eventId: z.uuid() });
const pageParams = z.object({ eventId: z.string().max(100) });
const pageQuery = z.object({ locale: z.string().max(10).optional() }).passthrough();

/**
 * The embeddable widget: its settings for the back office (`/api/events/{id}/widget`) and its pages,
 * the only ones other sites may frame (app.ts sends `frame-ancestors *` for `/widget/`; here it is
 * narrowed to the organizer's allowed origins when they listed some):
 * - `/widget/{eventId}`: widget.html, its own light build, with the event's public data inlined;
 * - `/widget/{eventId}/checkout/{orderShortId}/{step}`: the checkout steps inside the frame, the
 *   checkout's light page (public-pages.documents.ts);
 * - `/widget/{eventId}/queue`: the waiting room's queue page inside the frame (waiting-room.routes.ts).
 */
export const widgetRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { deps } = fastify;
  const widgetPage = new SpaShell(deps.config.webDistDir, 'widget.html');

  fastify.get(
    '/api/events/:eventId/widget',
    {
      schema: {
        tags: ['widget'],
        summary: "Get an event's widget settings",
        params: eventParams,
        response: { 200: dataEnvelope(widgetSettingsResponseSchema) },
      },
    },
    async (request) => ({
      data: await service.getWidgetSettings(deps, requireAuth(request), request.params.eventId),
    }),
  );
  fastify.put(
    '/api/events/:eventId/widget',
    {
      schema: {
        tags: ['widget'],
        summary: "Update an event's widget settings",
        params: eventParams,
        body: widgetSettingsSchema,
        response: { 200: dataEnvelope(widgetSettingsResponseSchema) },
      },
    },
    async (request) => ({
      data: await service.updateWidgetSettings(
        deps,
        requireAuth(request),
        request.params.eventId,
        request.body,
      ),
    }),
  );

  async function allowFraming(reply: FastifyReply, eventId: string) {
    if (!isUuid(eventId)) return;
    const policy = String(reply.raw.getHeader('content-security-policy') ?? '');
    reply.header('content-security-policy', await service.framedPolicy(deps, eventId, policy));
  }

  fastify.get(
    '/widget/:eventId',
    { schema: { hide: true, params: pageParams, querystring: pageQuery } },
    async (request, reply) => {
      const { eventId } = request.params;
      const queue = await waitingRoomGate(deps, request, eventId, '/widget');
      if (queue) return reply.redirect(queue, 303);
      if (!widgetPage.available) return reply.callNotFound();
      const locale = isLocale(request.query.locale) ? request.query.locale : request.locale;
      const event = isUuid(eventId) ? await loadPublicEvent(deps.db, eventId) : null;
      await allowFraming(reply, eventId);
      return widgetPage.send(reply, { data: { event, locale }, lang: locale }, event ? 200 : 404);
    },
  );

  const queuePage = queuePageHandler(fastify, '/widget');
  fastify.get('/widget/:eventId/queue', { schema: queuePageSchema }, async (request, reply) => {
    await allowFraming(reply, request.params.eventId);
    return queuePage(request, reply);
  });
};
