import { dataEnvelope, noContent } from '@taquilla/shared/schemas/envelope';
import { createTaxSchema, taxOrFeeSchema, updateTaxSchema } from '@taquilla/shared/schemas/taxes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import * as service from './taxes-and-fees.service.ts';

const idParams = z.object({ id: z.uuid() });
const BASE = '/accounts/me/taxes-and-fees';

export const taxRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const deps = () => fastify.deps;

  fastify.get(
    BASE,
    {
      schema: {
        summary: "List the account's taxes and fees",
        response: { 200: dataEnvelope(z.array(taxOrFeeSchema)) },
      },
    },
    async (request) => ({ data: await service.listTaxes(deps(), requireAuth(request)) }),
  );

  fastify.post(
    BASE,
    {
      schema: {
        summary: 'Create a tax or fee',
        body: createTaxSchema,
        response: { 201: dataEnvelope(taxOrFeeSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.createTax(deps(), requireAuth(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  fastify.put(
    `${BASE}/:id`,
    {
      schema: {
        summary: 'Update a tax or fee',
        params: idParams,
        body: updateTaxSchema,
        response: { 200: dataEnvelope(taxOrFeeSchema) },
      },
    },
    async (request) => ({
      data: await service.updateTax(deps(), requireAuth(request), request.params.id, request.body),
    }),
  );

  fastify.delete(
    `${BASE}/:id`,
    { schema: { summary: 'Delete a tax or fee', params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      await service.deleteTax(deps(), requireAuth(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
