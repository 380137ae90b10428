import { dataEnvelope, listEnvelope, noContent } from '@taquilla/shared/schemas/envelope';
import {
  createOrganizerSchema,
  organizerSchema,
  updateOrganizerSchema,
} from '@taquilla/shared/schemas/organizers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import * as service from './organizers.service.ts';

const idParams = z.object({ id: z.uuid() });

export const organizerRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const deps = () => fastify.deps;

  fastify.get(
    '/organizers',
    {
      schema: {
        summary: 'List organizers',
        querystring: listQuerystring,
        response: { 200: listEnvelope(organizerSchema) },
      },
    },
    async (request) => service.listOrganizers(deps(), requireAuth(request), request.query),
  );

  fastify.post(
    '/organizers',
    {
      schema: {
        summary: 'Create an organizer',
        body: createOrganizerSchema,
        response: { 201: dataEnvelope(organizerSchema) },
      },
    },
    async (request, reply) => {
      const row = await service.createOrganizer(deps(), requireAuth(request), request.body);
      return reply.status(201).send({ data: service.presentOrganizer(row) });
    },
  );

  fastify.get(
    '/organizers/:id',
    {
      schema: {
        summary: 'Get an organizer',
        params: idParams,
        response: { 200: dataEnvelope(organizerSchema) },
      },
    },
    async (request) => {
      const row = await service.getOrganizer(deps(), requireAuth(request), request.params.id);
      return { data: service.presentOrganizer(row) };
    },
  );

  fastify.put(
    '/organizers/:id',
    {
      schema: {
        summary: 'Update an organizer',
        params: idParams,
        body: updateOrganizerSchema,
        response: { 200: dataEnvelope(organizerSchema) },
      },
    },
    async (request) => {
      const row = await service.updateOrganizer(
        deps(),
        requireAuth(request),
        request.params.id,
        request.body,
      );
      return { data: service.presentOrganizer(row) };
    },
  );

  fastify.delete(
    '/organizers/:id',
    { schema: { summary: 'Delete an organizer', params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      await service.deleteOrganizer(deps(), requireAuth(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
