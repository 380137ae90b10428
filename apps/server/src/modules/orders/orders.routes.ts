import { organizerOrderSchema, organizerOrderSummarySchema } from '@taquilla/shared/schemas/checkout';
import { dataEnvelope, listEnvelope } from '@taquilla/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { fileResponse, SPREADSHEET_TYPES } from '../../lib/openapi.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import { EXPORT_MONEY_DOC, sendExport } from '../../lib/spreadsheet.ts';
import { exportOrders } from './orders.export.ts';
import * as service from './orders.service.ts';

const eventParams = z.object({ id: z.uuid() });

const FILTERS =
  'Filters (`filter_fields[field][operator]=value`): status, payment_status, refund_status, payment_provider, email, promo_code, total_cents, created_at, and event_date_id (`eq` or `in`: dates of this event; an id that is not one is a 422 on its parameter).';
const orderParams = z.object({ id: z.uuid(), orderId: z.uuid() });

/** Organizer orders: list (list-query helper), CSV/XLSX export, detail, and marking an offline order as paid. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['orders'];
  app.get(
    '/events/:id/orders/export',
    {
      schema: {
        tags,
        summary: "Export an event's orders (CSV or XLSX, `format` parameter; the list filters apply)",
        description: FILTERS,
        params: eventParams,
        querystring: listQuerystring,
        response: {
          200: fileResponse(
            `The orders as a spreadsheet: per order its subtotal, discount, taxes and fees (of its lines), total, refunded (refunds that went through) and net (a completed order's total less its refunds; 0 for orders that are not sales). ${EXPORT_MONEY_DOC}`,
            SPREADSHEET_TYPES,
          ),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { format, sheet } = await exportOrders(
        app.deps,
        auth,
        request.params.id,
        request.query,
        request.locale,
      );
      return sendExport(reply, format, sheet);
    },
  );
  app.get(
    '/events/:id/orders',
    {
      schema: {
        tags,
        summary: "List an event's orders",
        description: FILTERS,
        params: eventParams,
        querystring: listQuerystring,
        response: { 200: listEnvelope(organizerOrderSummarySchema) },
      },
    },
    async (request) => service.listOrders(app.deps, requireAuth(request), request.params.id, request.query),
  );
  app.get(
    '/events/:id/orders/:orderId',
    {
      schema: {
        tags,
        summary: 'Get an order',
        params: orderParams,
        response: { 200: dataEnvelope(organizerOrderSchema) },
      },
    },
    async (request) => {
      const { id, orderId } = request.params;
      return { data: await service.getOrder(app.deps, requireAuth(request), id, orderId) };
    },
  );
  app.post(
    '/events/:id/orders/:orderId/mark-paid',
    {
      schema: {
        tags,
        summary: 'Mark an offline order as paid',
        params: orderParams,
        response: { 200: dataEnvelope(organizerOrderSchema) },
      },
    },
    async (request) => {
      const { id, orderId } = request.params;
      return { data: await service.markPaid(app.deps, requireAuth(request), id, orderId) };
    },
  );
};
