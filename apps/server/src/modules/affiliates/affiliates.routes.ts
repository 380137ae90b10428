import {
  affiliateInput,
  affiliateSchema,
  promoterDetailStatsSchema,
  promoterStatsSchema,
} from '@taquilla/shared/schemas/affiliates';
import { dataEnvelope, listEnvelope, noContent } from '@taquilla/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { fileResponse, SPREADSHEET_TYPES } from '../../lib/openapi.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import { EXPORT_MONEY_DOC, sendExport } from '../../lib/spreadsheet.ts';
import { exportAffiliates } from './affiliates.export.ts';

import * as service from './affiliates.service.ts';

const eventParams = z.object({ id: z.uuid() });
const exportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
const itemParams = z.object({ id: z.uuid(), affiliateId: z.uuid() });
const promoterParams = z.object({ id: z.uuid(), promoterId: z.uuid() });

/**
 * events/{id}/affiliates (CRUD, list query) and the spec §7 figures: events/{id}/promoter/stats and
 * events/{id}/promoter/{promoterId}/stats, where a promoter is an affiliate.
 */
export const affiliateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/events/:id/affiliates/export',
    {
      schema: {
        summary: "Export an event's affiliates and their sales (CSV or XLSX, `format` parameter)",
        params: eventParams,
        querystring: exportQuery,
        response: {
          200: fileResponse(
            `The affiliates and their sales as a spreadsheet. ${EXPORT_MONEY_DOC}`,
            SPREADSHEET_TYPES,
          ),
        },
      },
    },
    async (request, reply) => {
      const sheet = await exportAffiliates(deps, requireAuth(request), request.params.id, request.locale);
      return sendExport(reply, request.query.format, sheet);
    },
  );
  app.get(
    '/events/:id/affiliates',
    {
      schema: {
        summary: "List an event's affiliates",
        params: eventParams,
        querystring: listQuerystring,
        response: { 200: listEnvelope(affiliateSchema) },
      },
    },
    async (request) => service.listAffiliates(deps, requireAuth(request), request.params.id, request.query),
  );
  app.post(
    '/events/:id/affiliates',
    {
      schema: {
        summary: 'Create an affiliate',
        params: eventParams,
        body: affiliateInput,
        response: { 201: dataEnvelope(affiliateSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.createAffiliate(deps, requireAuth(request), request.params.id, request.body);
      return reply.status(201).send({ data });
    },
  );
  app.get(
    '/events/:id/affiliates/:affiliateId',
    {
      schema: {
        summary: 'Get an affiliate',
        params: itemParams,
        response: { 200: dataEnvelope(affiliateSchema) },
      },
    },
    async (request) => ({
      data: await service.getAffiliate(
        deps.db,
        requireAuth(request),
        request.params.id,
        request.params.affiliateId,
      ),
    }),
  );
  app.put(
    '/events/:id/affiliates/:affiliateId',
    {
      schema: {
        summary: 'Update an affiliate',
        params: itemParams,
        body: affiliateInput,
        response: { 200: dataEnvelope(affiliateSchema) },
      },
    },
    async (request) => ({
      data: await service.updateAffiliate(
        deps,
        requireAuth(request),
        request.params.id,
        request.params.affiliateId,
        request.body,
      ),
    }),
  );
  app.delete(
    '/events/:id/affiliates/:affiliateId',
    { schema: { summary: 'Delete an affiliate', params: itemParams, response: { 204: noContent } } },
    async (request, reply) => {
      await service.deleteAffiliate(
        deps,
        requireAuth(request),
        request.params.id,
        request.params.affiliateId,
      );
      return reply.status(204).send();
    },
  );
  app.get(
    '/events/:id/promoter/stats',
    {
      schema: {
        summary: "Get the sales of an event's affiliates",
        params: eventParams,
        response: { 200: dataEnvelope(promoterStatsSchema) },
      },
    },
    async (request) => ({
      data: await service.promoterStats(deps, requireAuth(request), request.params.id),
    }),
  );
  app.get(
    '/events/:id/promoter/:promoterId/stats',
    {
      schema: {
        summary: "Get one affiliate's sales",
        params: promoterParams,
        response: { 200: dataEnvelope(promoterDetailStatsSchema) },
      },
    },
    async (request) => ({
      data: await service.promoterDetailStats(
        deps,
        requireAuth(request),
        request.params.id,
        request.params.promoterId,
      ),
    }),
  );
};
