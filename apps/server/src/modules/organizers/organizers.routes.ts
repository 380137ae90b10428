import { createOrganizerSchema, updateOrganizerSchema } from '@taquilla/shared/schemas/organizers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { listQuerystring, parseListQuery } from '../../lib/pagination.ts';
import { organizerListSpec } from './organizers.repository.ts';
import * as service from './organizers.service.ts';

const idParams = z.object({ id: z.uuid() });

export const organizerRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const deps = () => fastify.deps;

  fastify.get('/organizers', { schema: { querystring: listQuerystring } }, async (request) => {
    const params = parseListQuery(request.query, organizerListSpec);
    return service.listOrganizers(deps(), requireAuth(request), params);
  });

  fastify.post('/organizers', { schema: { body: createOrganizerSchema } }, async (request, reply) => {
    const row = await service.createOrganizer(deps(), requireAuth(request), request.body);
    return reply.status(201).send({ data: service.presentOrganizer(row) });
  });

  fastify.get('/organizers/:id', { schema: { params: idParams } }, async (request) => {
    const row = await service.getOrganizer(deps(), requireAuth(request), request.params.id);
    return { data: service.presentOrganizer(row) };
  });

  fastify.put(
    '/organizers/:id',
    { schema: { params: idParams, body: updateOrganizerSchema } },
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

  fastify.delete('/organizers/:id', { schema: { params: idParams } }, async (request, reply) => {
    await service.deleteOrganizer(deps(), requireAuth(request), request.params.id);
    return reply.status(204).send();
  });
};
