import { dataEnvelope, listEnvelope, noContent } from '@taquilla/shared/schemas/envelope';
import { promoCodeInput, promoCodeSchema } from '@taquilla/shared/schemas/promo-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { fileResponse, SPREADSHEET_TYPES } from '../../lib/openapi.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import { EXPORT_MONEY_DOC, sendExport } from '../../lib/spreadsheet.ts';
import { exportPromoCodes } from './promo-codes.export.ts';

import * as service from './promo-codes.service.ts';

const eventParams = z.object({ id: z.uuid() });
const exportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
const itemParams = z.object({ id: z.uuid(), codeId: z.uuid() });

/** Paths exactly as spec §7: events/{id}/promo-codes and events/{id}/promo-codes/{codeId}. */
export const promoCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/events/:id/promo-codes/export',
    {
      schema: {
        summary: "Export an event's promo codes and their uses (CSV or XLSX, `format` parameter)",
        params: eventParams,
        querystring: exportQuery,
        response: {
          200: fileResponse(
            `The promo codes and their uses as a spreadsheet. ${EXPORT_MONEY_DOC}`,
            SPREADSHEET_TYPES,
          ),
        },
      },
    },
    async (request, reply) => {
      const sheet = await exportPromoCodes(deps, requireAuth(request), request.params.id, request.locale);
      return sendExport(reply, request.query.format, sheet);
    },
  );
  app.get(
    '/events/:id/promo-codes',
    {
      schema: {
        summary: "List an event's promo codes",
        params: eventParams,
        querystring: listQuerystring,
        response: { 200: listEnvelope(promoCodeSchema) },
      },
    },
    async (request) => service.listPromoCodes(deps, requireAuth(request), request.params.id, request.query),
  );
  app.post(
    '/events/:id/promo-codes',
    {
      schema: {
        summary: 'Create a promo code',
        params: eventParams,
        body: promoCodeInput,
        response: { 201: dataEnvelope(promoCodeSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.createPromoCode(deps, requireAuth(request), request.params.id, request.body);
      return reply.status(201).send({ data });
    },
  );
  app.get(
    '/events/:id/promo-codes/:codeId',
    {
      schema: {
        summary: 'Get a promo code',
        params: itemParams,
        response: { 200: dataEnvelope(promoCodeSchema) },
      },
    },
    async (request) => ({
      data: await service.getPromoCode(
        deps.db,
        requireAuth(request),
        request.params.id,
        request.params.codeId,
      ),
    }),
  );
  app.put(
    '/events/:id/promo-codes/:codeId',
    {
      schema: {
        summary: 'Update a promo code',
        params: itemParams,
        body: promoCodeInput,
        response: { 200: dataEnvelope(promoCodeSchema) },
      },
    },
    async (request) => ({
      data: await service.updatePromoCode(
        deps,
        requireAuth(request),
        request.params.id,
        request.params.codeId,
        request.body,
      ),
    }),
  );
  app.delete(
    '/events/:id/promo-codes/:codeId',
    { schema: { summary: 'Delete a promo code', params: itemParams, response: { 204: noContent } } },
    async (request, reply) => {
      await service.deletePromoCode(deps, requireAuth(request), request.params.id, request.params.codeId);
      return reply.status(204).send();
    },
  );
};
