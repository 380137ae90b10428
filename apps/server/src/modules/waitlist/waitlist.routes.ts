import { dataEnvelope, listEnvelope, noContent } from '@taquilla/shared/schemas/envelope';
import {
  joinWaitlistInput,
  leaveWaitlistInput,
  waitlistEntrySchema,
  waitlistJoinedSchema,
  waitlistLeftSchema,
  waitlistSettingsInput,
  waitlistSettingsSchema,
} from '@taquilla/shared/schemas/waitlist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { fileResponse, SPREADSHEET_TYPES } from '../../lib/openapi.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import { sendExport } from '../../lib/spreadsheet.ts';
import { throttle } from '../../lib/throttle.ts';
import { waitlistMessages as m } from './waitlist.messages.ts';
import { registerWaitlistJobs } from './waitlist.offers.ts';
import * as service from './waitlist.service.ts';

const eventParams = z.object({ id: z.uuid() });
const entryParams = z.object({ id: z.uuid(), entryId: z.uuid() });
const exportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
/** Sign-ups per address and event per 10 minutes (a family signs up for several tickets). */
const SIGN_UPS_PER_WINDOW = 10;

/** The waiting list: the buyer's sign-up and leave link (public), the organizer's list and settings. */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['waitlist'];
  await registerWaitlistJobs(deps);

  const signUpLimit = throttle(
    app,
    [
      {
        name: 'waitlist',
        max: SIGN_UPS_PER_WINDOW,
        windowMs: 10 * 60_000,
        key: (req) => `${req.ip}:${(req.params as { id?: string }).id}`,
      },
    ],
    m['waitlist.rate_limited'],
  );

  app.post(
    '/public/events/:id/waitlist',
    {
      schema: {
        tags,
        summary: 'Join the waiting list of a sold-out ticket',
        params: eventParams,
        body: joinWaitlistInput,
        response: { 201: dataEnvelope(waitlistJoinedSchema) },
      },
      preHandler: signUpLimit,
    },
    async (request, reply) => {
      const data = await service.joinWaitlist(deps, request.params.id, request.body, request.locale);
      return reply.status(201).send({ data });
    },
  );
  app.post(
    '/public/waitlist/leave',
    {
      schema: {
        tags,
        summary: 'Leave the waiting list (the link in its e-mails)',
        body: leaveWaitlistInput,
        response: { 200: dataEnvelope(waitlistLeftSchema) },
      },
    },
    async (request) => ({
      data: await service.leaveWaitlist(deps, request.body.token),
    }),
  );

  app.get(
    '/events/:id/waitlist',
    {
      schema: {
        tags,
        summary: "List an event's waiting list",
        params: eventParams,
        querystring: listQuerystring,
        response: { 200: listEnvelope(waitlistEntrySchema) },
      },
    },
    async (request) => service.listEntries(deps, requireAuth(request), request.params.id, request.query),
  );
  app.get(
    '/events/:id/waitlist/export',
    {
      schema: {
        tags,
        summary: "Export an event's waiting list (CSV or XLSX)",
        params: eventParams,
        querystring: exportQuery,
        response: { 200: fileResponse('The waiting list as a spreadsheet', SPREADSHEET_TYPES) },
      },
    },
    async (request, reply) => {
      const sheet = await service.exportEntries(
        deps,
        requireAuth(request),
        request.params.id,
        request.locale,
      );
      return sendExport(reply, request.query.format, sheet);
    },
  );
  app.get(
    '/events/:id/waitlist/settings',
    {
      schema: {
        tags,
        summary: "Get an event's waiting list settings",
        params: eventParams,
        response: { 200: dataEnvelope(waitlistSettingsSchema) },
      },
    },
    async (request) => ({
      data: await service.getSettings(deps, requireAuth(request), request.params.id),
    }),
  );
  app.put(
    '/events/:id/waitlist/settings',
    {
      schema: {
        tags,
        summary: "Update an event's waiting list settings",
        params: eventParams,
        body: waitlistSettingsInput,
        response: { 200: dataEnvelope(waitlistSettingsSchema) },
      },
    },
    async (request) => ({
      data: await service.updateSettings(deps, requireAuth(request), request.params.id, request.body),
    }),
  );
  app.post(
    '/events/:id/waitlist/:entryId/offer',
    {
      schema: {
        tags,
        summary: 'Offer the free units to a waiting entry now',
        params: entryParams,
        response: { 200: dataEnvelope(waitlistEntrySchema) },
      },
    },
    async (request) => ({
      data: await service.offerEntry(deps, requireAuth(request), request.params.id, request.params.entryId),
    }),
  );
  app.delete(
    '/events/:id/waitlist/:entryId',
    {
      schema: {
        tags,
        summary: 'Remove an entry from the waiting list',
        params: entryParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await service.removeEntry(deps, requireAuth(request), request.params.id, request.params.entryId);
      return reply.status(204).send();
    },
  );
};
