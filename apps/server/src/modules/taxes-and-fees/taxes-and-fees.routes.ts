import { createTaxSchema, updateTaxSchema } from '@taquilla/shared/schemas/taxes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import * as service from './taxes-and-fees.service.ts';

const idParams = z.object({ id: z.uuid() });
const BASE = '/accounts/me/taxes-and-fees';

export const taxRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = () => fastify.deps.db;

  fastify.get(BASE, async (request) => ({ data: await service.listTaxes(db(), requireAuth(request)) }));

  fastify.post(BASE, { schema: { body: createTaxSchema } }, async (request, reply) => {
    const data = await service.createTax(db(), requireAuth(request), request.body);
    return reply.status(201).send({ data });
  });

  fastify.put(`${BASE}/:id`, { schema: { params: idParams, body: updateTaxSchema } }, async (request) => ({
    data: await service.updateTax(db(), requireAuth(request), request.params.id, request.body),
  }));

  fastify.delete(`${BASE}/:id`, { schema: { params: idParams } }, async (request, reply) => {
    await service.deleteTax(db(), requireAuth(request), request.params.id);
    return reply.status(204).send();
  });
};
