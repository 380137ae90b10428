import { dataEnvelope, listEnvelope, noContent } from '@taquilla/shared/schemas/envelope';
import {
  bulkEditDatesInput,
  bulkEditedSchema,
  eventDateInput,
  eventDateSchema,
  previewRuleInput,
  ruleCreatedSchema,
  ruleDatesInput,
  rulePreviewSchema,
} from '@taquilla/shared/schemas/event-dates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import * as service from './event-dates.service.ts';

const eventParams = z.object({ id: z.uuid() });
const itemParams = z.object({ id: z.uuid(), dateId: z.uuid() });
const base = '/events/:id/dates';

export const eventDatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    base,
    {
      schema: {
        summary: "List an event's dates (occurrences), earliest first",
        params: eventParams,
        querystring: listQuerystring,
        response: { 200: listEnvelope(eventDateSchema) },
      },
    },
    async (request) => service.listDates(deps, requireAuth(request), request.params.id, request.query),
  );
  app.post(
    base,
    {
      schema: {
        summary: 'Add one date to an event',
        params: eventParams,
        body: eventDateInput,
        response: { 201: dataEnvelope(eventDateSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.createDate(deps, requireAuth(request), request.params.id, request.body);
      return reply.status(201).send({ data });
    },
  );
  app.post(
    `${base}/preview`,
    {
      schema: {
        summary: "A repetition rule's first and last dates and count, nothing saved",
        params: eventParams,
        body: previewRuleInput,
        response: { 200: dataEnvelope(rulePreviewSchema) },
      },
    },
    async (request) => ({
      data: await service.previewRule(deps, requireAuth(request), request.params.id, request.body.rule),
    }),
  );
  app.post(
    `${base}/from-rule`,
    {
      schema: {
        summary: 'Add the dates of a repetition rule (those already there are skipped)',
        params: eventParams,
        body: ruleDatesInput,
        response: { 201: dataEnvelope(ruleCreatedSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.createFromRule(deps, requireAuth(request), request.params.id, request.body);
      return reply.status(201).send({ data });
    },
  );
  app.post(
    `${base}/bulk-edit`,
    {
      schema: {
        summary: 'Shift, set the capacity or the status of several dates at once',
        params: eventParams,
        body: bulkEditDatesInput,
        response: { 200: dataEnvelope(bulkEditedSchema) },
      },
    },
    async (request) => ({
      data: await service.bulkEdit(deps, requireAuth(request), request.params.id, request.body),
    }),
  );
  app.get(
    `${base}/:dateId`,
    {
      schema: {
        summary: 'One date of an event',
        params: itemParams,
        response: { 200: dataEnvelope(eventDateSchema) },
      },
    },
    async (request) => ({
      data: await service.readDate(deps, requireAuth(request), request.params.id, request.params.dateId),
    }),
  );
  app.put(
    `${base}/:dateId`,
    {
      schema: {
        summary: 'Edit one date',
        params: itemParams,
        body: eventDateInput,
        response: { 200: dataEnvelope(eventDateSchema) },
      },
    },
    async (request) => ({
      data: await service.updateDate(
        deps,
        requireAuth(request),
        request.params.id,
        request.params.dateId,
        request.body,
      ),
    }),
  );
  app.delete(
    `${base}/:dateId`,
    {
      schema: {
        summary: 'Delete a date nobody has bought',
        params: itemParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await service.deleteDate(deps, requireAuth(request), request.params.id, request.params.dateId);
      return reply.status(204).send();
    },
  );
};
