import {
  backOfficeCheckInSchema,
  checkInConflictSchema,
  checkInListInput,
  checkInListSchema,
  checkInStatsSchema,
  doorAttendeeSchema,
  doorCheckInBatch,
  doorCheckInResultSchema,
  doorListSchema,
  doorSnapshotSchema,
} from '@taquilla/shared/schemas/check-in';
import { dataEnvelope, listEnvelope, noContent } from '@taquilla/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import { checkInAttendee } from './check-in.back-office.ts';
import * as door from './check-in.door.ts';
import { checkInMessages as m } from './check-in.messages.ts';
import * as service from './check-in.service.ts';
import * as sync from './check-in.sync.ts';

const eventParams = z.object({ id: z.uuid() });
const itemParams = z.object({ id: z.uuid(), listId: z.uuid() });
const doorParams = z.object({ shortId: z.string().min(1).max(64) });
const undoParams = z.object({
  shortId: z.string().min(1).max(64),
  attendeeShortId: z.string().min(1).max(64),
});

const snapshotQuery = z.object({
  since: z.string().max(120).optional(),
  per_page: z.coerce.number().int().min(1).max(sync.SNAPSHOT_PAGE).optional(),
});

/** Back office: events/{id}/check-in-lists (CRUD) and events/{id}/check_in_stats. */
const backOfficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/events/:id/check-in-lists',
    {
      schema: {
        summary: "List an event's check-in lists",
        params: eventParams,
        querystring: listQuerystring,
        response: { 200: listEnvelope(checkInListSchema) },
      },
    },
    async (request) => service.listLists(deps, requireAuth(request), request.params.id, request.query),
  );
  app.post(
    '/events/:id/check-in-lists',
    {
      schema: {
        summary: 'Create a check-in list',
        params: eventParams,
        body: checkInListInput,
        response: { 201: dataEnvelope(checkInListSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.createList(deps, requireAuth(request), request.params.id, request.body);
      return reply.status(201).send({ data });
    },
  );
  app.post(
    '/events/:id/check-in-lists/:listId/check-ins',
    {
      schema: {
        summary:
          "Check an attendee in on a list from the back office: the door's answer (ADMITTED, ALREADY_CHECKED_IN, refused)",
        params: itemParams,
        body: backOfficeCheckInSchema,
        response: { 200: dataEnvelope(doorCheckInResultSchema) },
      },
    },
    async (request) => {
      const { id, listId } = request.params;
      return {
        data: await checkInAttendee(
          deps,
          requireAuth(request),
          id,
          listId,
          request.body.attendee_id,
          request.locale,
        ),
      };
    },
  );
  app.get(
    '/events/:id/check-in-lists/:listId',
    {
      schema: {
        summary: 'Get a check-in list',
        params: itemParams,
        response: { 200: dataEnvelope(checkInListSchema) },
      },
    },
    async (request) => ({
      data: await service.getList(deps.db, requireAuth(request), request.params.id, request.params.listId),
    }),
  );
  app.put(
    '/events/:id/check-in-lists/:listId',
    {
      schema: {
        summary: 'Update a check-in list',
        params: itemParams,
        body: checkInListInput,
        response: { 200: dataEnvelope(checkInListSchema) },
      },
    },
    async (request) => ({
      data: await service.updateList(
        deps,
        requireAuth(request),
        request.params.id,
        request.params.listId,
        request.body,
      ),
    }),
  );
  app.delete(
    '/events/:id/check-in-lists/:listId',
    { schema: { summary: 'Delete a check-in list', params: itemParams, response: { 204: noContent } } },
    async (request, reply) => {
      await service.deleteList(deps, requireAuth(request), request.params.id, request.params.listId);
      return reply.status(204).send();
    },
  );
  app.get(
    '/events/:id/check-in-lists/:listId/conflicts',
    {
      schema: {
        summary: "List a check-in list's conflicts (scans refused after syncing)",
        params: itemParams,
        response: { 200: dataEnvelope(z.array(checkInConflictSchema)) },
      },
    },
    async (request) => ({
      data: await service.listConflicts(deps, requireAuth(request), request.params.id, request.params.listId),
    }),
  );
  app.get(
    '/events/:id/check_in_stats',
    {
      schema: {
        summary: "Get an event's check-in figures",
        params: eventParams,
        response: { 200: dataEnvelope(checkInStatsSchema) },
      },
    },
    async (request) => ({
      data: await service.checkInStats(deps, requireAuth(request), request.params.id),
    }),
  );
};

/** Door staff, no login: /api/public/check-in-lists/{shortId}… */
const doorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Requests (a batch is one) per minute from one address to one list: a venue's phones share one address.
  const limiter = app.createRateLimit({
    max: deps.config.doorRequestsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (req) => `check-in:${req.ip}:${(req.params as { shortId?: string }).shortId}`,
  });
  const scanLimit = async (request: Parameters<typeof limiter>[0]) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded)
      throw new AppError(429, 'RATE_LIMITED', m['check_in.rate_limited']);
  };

  app.get(
    '/public/check-in-lists/:shortId',
    {
      schema: {
        summary: 'Open a check-in list at the door',
        params: doorParams,
        response: { 200: dataEnvelope(doorListSchema) },
      },
    },
    async (request) => ({
      data: await door.doorList(deps, request.params.shortId),
    }),
  );
  app.get(
    '/public/check-in-lists/:shortId/attendees',
    {
      schema: {
        summary: "Search a check-in list's attendees at the door",
        params: doorParams,
        querystring: listQuerystring,
        response: { 200: listEnvelope(doorAttendeeSchema) },
      },
    },
    async (request) => door.doorAttendees(deps, request.params.shortId, request.query),
  );
  app.get(
    '/public/check-in-lists/:shortId/snapshot',
    {
      schema: {
        summary: 'Download the attendees for offline check-in (incremental with `since`)',
        params: doorParams,
        querystring: snapshotQuery,
        response: { 200: doorSnapshotSchema },
      },
    },
    async (request) => sync.doorSnapshot(deps, request.params.shortId, request.query),
  );
  app.post(
    '/public/check-in-lists/:shortId/check-ins',
    {
      schema: {
        summary: 'Check attendees in (a batch of scans)',
        params: doorParams,
        body: doorCheckInBatch,
        response: { 200: dataEnvelope(z.array(doorCheckInResultSchema)) },
      },
      preHandler: scanLimit,
    },
    async (request) => ({
      data: await sync.uploadCheckIns(deps, request.params.shortId, request.body, request.locale),
    }),
  );
  app.delete(
    '/public/check-in-lists/:shortId/check-ins/:attendeeShortId',
    {
      schema: {
        summary: 'Undo a check-in',
        params: undoParams,
        response: { 200: dataEnvelope(doorAttendeeSchema) },
      },
      preHandler: scanLimit,
    },
    async (request) => ({
      data: await door.undoCheckIn(deps, request.params.shortId, request.params.attendeeShortId),
    }),
  );
};

export const checkInRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(backOfficeRoutes);
  await app.register(doorRoutes);
};
