import { dataEnvelope } from '@taquilla/shared/schemas/envelope';
import {
  eventInvoicingSchema,
  invoiceExportQuerySchema,
  invoiceSettingsSchema,
  invoiceSummarySchema,
  updateEventInvoicingSchema,
  updateInvoiceSettingsSchema,
} from '@taquilla/shared/schemas/invoices';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { fileResponse } from '../../lib/openapi.ts';
import { exportPeriod } from './invoices.export.ts';
import * as service from './invoices.service.ts';

const eventParams = z.object({ id: z.uuid() });
const orderParams = z.object({ id: z.uuid(), orderId: z.uuid() });
const invoiceParams = z.object({ id: z.uuid(), invoiceId: z.uuid() });
const buyerParams = z.object({ id: z.uuid(), orderShortId: z.string().min(1).max(40) });
const buyerInvoiceParams = buyerParams.extend({ invoiceId: z.uuid() });

const sendPdf = (reply: FastifyReply, file: { number: string; pdf: Buffer }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.number.replace(/[^\w.-]/g, '_')}.pdf"`)
    .header('cache-control', 'no-store')
    .send(file.pdf);

const sendZip = (reply: FastifyReply, file: { filename: string; stream: NodeJS.ReadableStream }) =>
  reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.stream);

const pdfAnswer = fileResponse('The invoice or credit note as a PDF', ['application/pdf']);

/**
 * Invoicing: the account's settings and a period's export (`invoices:manage`), an event's opt-out, an
 * order's invoices and their PDFs for the organizer, and the buyer's by the order's short id.
 */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['invoices'];
  app.get(
    '/accounts/me/invoicing',
    {
      schema: {
        tags,
        summary: "Get the account's invoicing settings",
        response: { 200: dataEnvelope(invoiceSettingsSchema) },
      },
    },
    async (request) => ({ data: await service.getSettings(deps, requireAuth(request)) }),
  );
  app.put(
    '/accounts/me/invoicing',
    {
      schema: {
        tags,
        summary: "Update the account's invoicing settings",
        body: updateInvoiceSettingsSchema,
        response: { 200: dataEnvelope(invoiceSettingsSchema) },
      },
    },
    async (request) => ({ data: await service.updateSettings(deps, requireAuth(request), request.body) }),
  );
  app.get(
    '/accounts/me/invoices/export',
    {
      schema: {
        tags,
        summary: "Export a period's invoices and credit notes (ZIP: one PDF each and index.csv)",
        querystring: invoiceExportQuerySchema,
        response: { 200: fileResponse('A ZIP file', ['application/zip']) },
      },
    },
    async (request, reply) => {
      const file = await exportPeriod(deps, requireAuth(request), request.query, request.locale);
      return sendZip(reply, file);
    },
  );
  app.get(
    '/events/:id/invoicing',
    {
      schema: {
        tags,
        summary: 'Whether the event invoices its orders',
        params: eventParams,
        response: { 200: dataEnvelope(eventInvoicingSchema) },
      },
    },
    async (request) => ({
      data: await service.getEventInvoicing(deps, requireAuth(request), request.params.id),
    }),
  );
  app.put(
    '/events/:id/invoicing',
    {
      schema: {
        tags,
        summary: "Opt the event out of the account's invoicing (or back in)",
        params: eventParams,
        body: updateEventInvoicingSchema,
        response: { 200: dataEnvelope(eventInvoicingSchema) },
      },
    },
    async (request) => ({
      data: await service.setEventInvoicing(
        deps,
        requireAuth(request),
        request.params.id,
        request.body.opted_out,
      ),
    }),
  );
  app.get(
    '/events/:id/orders/:orderId/invoices',
    {
      schema: {
        tags,
        summary: "An order's invoice and credit notes",
        params: orderParams,
        response: { 200: dataEnvelope(z.array(invoiceSummarySchema)) },
      },
    },
    async (request) => ({
      data: await service.listOrderInvoices(
        deps,
        requireAuth(request),
        request.params.id,
        request.params.orderId,
      ),
    }),
  );
  app.get(
    '/events/:id/invoices/:invoiceId/pdf',
    {
      schema: {
        tags,
        summary: 'Download an invoice or credit note',
        params: invoiceParams,
        response: { 200: pdfAnswer },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await service.organizerPdf(
          deps,
          requireAuth(request),
          request.params.id,
          request.params.invoiceId,
          request.locale,
        ),
      ),
  );
  app.get(
    '/public/events/:id/order/:orderShortId/invoices',
    {
      schema: {
        tags,
        summary: "The buyer's invoice and credit notes (public, by the order's short id)",
        params: buyerParams,
        response: { 200: dataEnvelope(z.array(invoiceSummarySchema)) },
      },
    },
    async (request) => ({
      data: await service.buyerInvoices(deps, request.params.id, request.params.orderShortId),
    }),
  );
  app.get(
    '/public/events/:id/order/:orderShortId/invoices/:invoiceId/pdf',
    {
      schema: {
        tags,
        summary: "Download the buyer's invoice or credit note (public, by the order's short id)",
        params: buyerInvoiceParams,
        response: { 200: pdfAnswer },
      },
    },
    async (request, reply) => {
      const { id, orderShortId, invoiceId } = request.params;
      return sendPdf(reply, await service.buyerPdf(deps, id, orderShortId, invoiceId, request.locale));
    },
  );
};
