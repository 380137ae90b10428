import { randomBytes } from 'node:crypto';
import { dataEnvelope } from '@taquilla/shared/schemas/envelope';
import {
  type WaitingRoomVisitor,
  waitingRoomSchema,
  waitingRoomSettingsInput,
  waitingRoomVisitorSchema,
} from '@taquilla/shared/schemas/waiting-room';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { throttle } from '../../lib/throttle.ts';
import { loadPublicEvent } from '../public-events/public-events.service.ts';
import { clock } from './clock.ts';
import { QUEUE_SCRIPT, queuePage, statusParts } from './queue-page.ts';
import { closeQueueStore } from './queue-store.ts';
import { waitingRoomMessages as m } from './waiting-room.messages.ts';
import * as service from './waiting-room.service.ts';

const eventParams = z.object({ id: z.uuid() });
/** `?date=`: the room of one of the event's dates (#27); without it, the event's room. */
const dateQuery = z.object({ date: z.uuid().optional() });
const pageParams = z.object({ eventId: z.uuid() });
const pageQuery = z.object({
  date: z.uuid().optional(),
  t: z.string().max(100).optional(),
  rejoin: z.string().max(5).optional(),
  partial: z.string().max(5).optional(),
});
export const queuePageSchema = { hide: true, params: pageParams, querystring: pageQuery };

/** The device's cookie (one per browser, every event) and each room's pass cookie (by its key). */
export const DEVICE_COOKIE = 'taquilla_wr';
export const passCookie = (room: string) => `taquilla_pass_${room}`;
export const DEVICE_HEADER = 'x-waiting-room-token';
export const PASS_HEADER = 'x-admission-pass';

const headerOf = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** The device token: the cookie, else the header or `?t=` of a page that cannot keep cookies. */
function deviceTokenOf(request: FastifyRequest): { token?: string; fromCookie: boolean } {
  const cookie = request.cookies[DEVICE_COOKIE];
  if (cookie && service.DEVICE_TOKEN.test(cookie)) return { token: cookie, fromCookie: true };
  const given = headerOf(request, DEVICE_HEADER) ?? (request.query as { t?: string } | undefined)?.t;
  return { token: given && service.DEVICE_TOKEN.test(given) ? given : undefined, fromCookie: false };
}

/**
 * What a reservation or the event page presents: pass and device, from headers, the URL or cookies (the
 * pass cookie of the room that guards the purchase, `cookieFor`).
 */
export function admissionProofOf(request: FastifyRequest): service.AdmissionProof {
  const query = (request.query ?? {}) as { pass?: unknown; wr?: unknown };
  const pass = headerOf(request, PASS_HEADER) ?? (typeof query.pass === 'string' ? query.pass : undefined);
  const wr = headerOf(request, DEVICE_HEADER) ?? (typeof query.wr === 'string' ? query.wr : undefined);
  return {
    pass,
    cookieFor: (room) => request.cookies[passCookie(room)],
    deviceToken: request.cookies[DEVICE_COOKIE] ?? wr,
  };
}

/** Framed in an organizer's site (the widget) a cookie must be SameSite=None, which needs HTTPS. */
function cookieOptions(request: FastifyRequest, maxAge: number) {
  const secure = request.protocol === 'https';
  return {
    path: '/',
    httpOnly: true,
    secure,
    sameSite: secure ? ('none' as const) : ('lax' as const),
    maxAge,
  };
}

/** Joining (the API or the page): the device's place, new or kept; new places are limited per address. */
async function enter(
  app: App,
  limitJoin: JoinLimit,
  request: FastifyRequest,
  reply: FastifyReply,
  eventId: string,
  dateId: string | undefined,
  requeue: boolean,
): Promise<{ status: WaitingRoomVisitor; fromCookie: boolean }> {
  const { deps } = app;
  const now = clock.now();
  const device = deviceTokenOf(request);
  // The date's room when it has one, else the event's (a date without a room queues in the event's).
  let room = await service.shownRoom(deps, eventId, dateId);
  const key = room?.room ?? eventId;
  let visitor = device.token ? await service.findVisitor(deps, key, device.token) : null;
  const token = device.token ?? randomBytes(32).toString('base64url');
  if (service.isGuarding(room) && (!visitor || requeue)) {
    if (!visitor) await limitJoin(request);
    ({ visitor, room } = await service.join(deps, key, token, now, requeue));
  }
  if (!device.fromCookie) reply.setCookie(DEVICE_COOKIE, token, cookieOptions(request, 30 * 24 * 3600));
  const status = await service.visitorStatus(deps, eventId, token, room, visitor, now, async () =>
    Boolean((await loadPublicEvent(deps.db, eventId))?.tickets.some((x) => x.waitlist_enabled)),
  );
  if (status.pass && status.pass_expires_at) {
    const seconds = Math.ceil((Date.parse(status.pass_expires_at) - now.getTime()) / 1000);
    reply.setCookie(passCookie(key), status.pass, cookieOptions(request, Math.max(1, seconds)));
  }
  return { status, fromCookie: device.fromCookie };
}

type App = Parameters<FastifyPluginAsyncZod>[0];
type JoinLimit = (request: FastifyRequest) => Promise<void>;

/** New places per address and event (a device coming back keeps its place for free). */
function joinLimit(app: App): JoinLimit {
  const { deps } = app;
  return throttle(
    app,
    [
      {
        name: 'waiting-room-join',
        max: deps.config.waitingRoomJoinsPerMinute,
        windowMs: 60_000,
        key: (request) =>
          `${request.ip}:${(request.params as { id?: string; eventId?: string }).id ?? (request.params as { eventId?: string }).eventId}`,
      },
    ],
    m['waiting_room.rate_limited'],
  );
}

/**
 * The queue page (`{base}/{eventId}/queue`): the event page's here, the widget's in widget.routes.ts,
 * which narrows its framing to the origins the event's widget settings allow.
 */
export function queuePageHandler(app: App, base: '/e' | '/widget') {
  const { deps } = app;
  const limitJoin = joinLimit(app);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { eventId } = pageParams.parse(request.params);
    const query = pageQuery.parse(request.query);
    const event = await loadPublicEvent(deps.db, eventId);
    if (!event) return reply.callNotFound();
    const { status, fromCookie } = await enter(
      app,
      limitJoin,
      request,
      reply,
      eventId,
      query.date,
      query.rejoin === '1',
    );
    const links = {
      event: `${base}/${eventId}`,
      queue: `${base}/${eventId}/queue`,
      date: query.date ?? null,
      deviceQuery: [
        query.date && `date=${query.date}`,
        !fromCookie && `t=${encodeURIComponent(status.token)}`,
      ]
        .filter(Boolean)
        .join('&'),
    };
    const now = clock.now();
    reply.header('cache-control', 'no-store');
    if (query.partial) {
      const parts = statusParts(status, event, request.locale, links, now);
      return { ...parts, state: status.state, poll_seconds: status.poll_seconds };
    }
    if (status.state === 'OFF') return reply.redirect(links.event);
    return reply.type('text/html; charset=utf-8').send(queuePage(status, event, request.locale, links, now));
  };
}

/**
 * The waiting room: the organizer's settings and live figures (`/api/events/{id}/waiting-room`), the
 * visitor's join and poll (`/api/public/events/{id}/waiting-room`), and the queue pages
 * (`/e/{id}/queue`; the widget's, `/widget/{id}/queue`, in widget.routes.ts). Every running instance ticks admissions (ticker.ts, started by app.ts).
 */
export const waitingRoomRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onClose', () => closeQueueStore(deps));
  const tags = ['waiting-room'];
  const limitJoin = joinLimit(app);

  app.get(
    '/api/events/:id/waiting-room',
    {
      schema: {
        tags,
        summary: "Get an event's waiting room (or a date's, with ?date=): settings and live figures",
        params: eventParams,
        querystring: dateQuery,
        response: { 200: dataEnvelope(waitingRoomSchema) },
      },
    },
    async (request) => ({
      data: await service.getRoom(
        deps,
        requireAuth(request),
        request.params.id,
        request.query.date ?? null,
        clock.now(),
      ),
    }),
  );
  app.put(
    '/api/events/:id/waiting-room',
    {
      schema: {
        tags,
        summary: "Set an event's waiting room (or a date's, with ?date=): on/off, opening, rate, pause",
        params: eventParams,
        querystring: dateQuery,
        body: waitingRoomSettingsInput,
        response: { 200: dataEnvelope(waitingRoomSchema) },
      },
    },
    async (request) => ({
      data: await service.updateRoom(
        deps,
        requireAuth(request),
        request.params.id,
        request.query.date ?? null,
        request.body,
        clock.now(),
      ),
    }),
  );

  app.post(
    '/api/public/events/:id/waiting-room/join',
    {
      schema: {
        tags,
        summary: 'Join the waiting room (or go back to the end of the line after a turn lapsed or was used)',
        params: eventParams,
        querystring: dateQuery,
        response: { 200: dataEnvelope(waitingRoomVisitorSchema) },
      },
      // A crowd arriving at once gets quick 503s with Retry-After rather than long waits (lib/overload.ts).
      config: { overload: 'waiting-room-join' },
    },
    async (request, reply) => {
      const { status } = await enter(
        app,
        limitJoin,
        request,
        reply,
        request.params.id,
        request.query.date,
        true,
      );
      return { data: status };
    },
  );
  app.get(
    '/api/public/events/:id/waiting-room',
    {
      schema: {
        tags,
        summary: "The device's place: position, number ahead, estimate, and once admitted its pass",
        params: eventParams,
        querystring: dateQuery,
        response: { 200: dataEnvelope(waitingRoomVisitorSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const now = clock.now();
      const { token } = deviceTokenOf(request);
      const room = await service.shownRoom(deps, id, request.query.date);
      const visitor = token && room ? await service.findVisitor(deps, room.room, token) : null;
      const status = await service.visitorStatus(deps, id, token ?? '', room, visitor, now, async () =>
        Boolean((await loadPublicEvent(deps.db, id))?.tickets.some((x) => x.waitlist_enabled)),
      );
      return { data: status };
    },
  );

  app.get('/waiting-room.js', { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(QUEUE_SCRIPT),
  );
  app.get('/e/:eventId/queue', { schema: queuePageSchema }, queuePageHandler(app, '/e'));
};
