import { capacityAssignmentInput, capacityAssignmentSchema } from '@taquilla/shared/schemas/capacity';
import { dataEnvelope, listEnvelope, noContent } from '@taquilla/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import * as service from './capacity.service.ts';

const eventParams = z.object({ eventId: z.uuid() });
const itemParams = z.object({ eventId: z.uuid(), capacityId: z.uuid() });
const base = '/events/:eventId/capacity-assignments';

export const capacityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    base,
    {
      schema: {
        summary: "List an event's capacity assignments",
        params: eventParams,
        querystring: listQuerystring,
        response: { 200: listEnvelope(capacityAssignmentSchema) },
      },
    },
    async (request) =>
      service.listCapacities(deps, requireAuth(request), request.params.eventId, request.query),
  );
  app.post(
    base,
    {
      schema: {
        summary: 'Create a capacity assignment',
        params: eventParams,
        body: capacityAssignmentInput,
        response: { 201: dataEnvelope(capacityAssignmentSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.createCapacity(
        deps,
        requireAuth(request),
        request.params.eventId,
        request.body,
      );
      return reply.status(201).send({ data });
    },
  );
  app.get(
    `${base}/:capacityId`,
    {
      schema: {
        summary: 'Get a capacity assignment',
        params: itemParams,
        response: { 200: dataEnvelope(capacityAssignmentSchema) },
      },
    },
    async (request) => ({
      data: await service.getCapacity(
        deps.db,
        requireAuth(request),
        request.params.eventId,
        request.params.capacityId,
      ),
    }),
  );
  app.put(
    `${base}/:capacityId`,
    {
      schema: {
        summary: 'Update a capacity assignment',
        params: itemParams,
        body: capacityAssignmentInput,
        response: { 200: dataEnvelope(capacityAssignmentSchema) },
      },
    },
    async (request) => ({
      data: await service.updateCapacity(
        deps,
        requireAuth(request),
        request.params.eventId,
        request.params.capacityId,
        request.body,
      ),
    }),
  );
  app.delete(
    `${base}/:capacityId`,
    { schema: { summary: 'Delete a capacity assignment', params: itemParams, response: { 204: noContent } } },
    async (request, reply) => {
      await service.deleteCapacity(
        deps,
        requireAuth(request),
        request.params.eventId,
        request.params.capacityId,
      );
      return reply.status(204).send();
    },
  );
};
