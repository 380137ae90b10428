import { dataEnvelope } from '@taquilla/shared/schemas/envelope';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../lib/openapi.ts';
import { passkitRoutes } from './passkit.routes.ts';
import * as service from './ticket-documents.service.ts';
import { registerWalletJobs } from './wallet-sync.ts';

const ticketParams = z.object({ id: z.uuid(), attendeeShortId: z.string().min(1).max(40) });
const orderParams = z.object({ id: z.uuid(), orderShortId: z.string().min(1).max(40) });

const sendFile = (reply: FastifyReply, type: string, file: { filename: string; body: Buffer }) =>
  reply
    .type(type)
    .header('content-disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
    // Made from the ticket as it is now (a new name, a cancellation): never kept by a cache.
    .header('cache-control', 'no-store')
    .send(file.body);

const passAnswer = fileResponse('The ticket as a signed Apple Wallet pass', ['application/vnd.apple.pkpass']);
const pdfAnswer = fileResponse('The tickets as a PDF, one page per ticket', ['application/pdf']);

/**
 * What the buyer carries, by the unguessable public ids (no login): the order's tickets as one PDF, a
 * ticket's PDF, its Apple Wallet pass and its Google Wallet save link (404 while not configured); and
 * the PassKit web service that keeps passes in phones up to date (passkit.routes.ts).
 */
export const ticketDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['ticket-documents'];
  await registerWalletJobs(deps);
  await app.register(passkitRoutes);
  app.get(
    '/public/events/:id/order/:orderShortId/tickets/pdf',
    {
      schema: {
        tags,
        summary: "Download an order's tickets as a PDF (public, by the order's short id)",
        params: orderParams,
        response: { 200: pdfAnswer },
      },
    },
    async (request, reply) => {
      const { id, orderShortId } = request.params;
      const file = await service.publicOrderPdf(deps, id, orderShortId, request.locale);
      return sendFile(reply, 'application/pdf', { filename: file.filename, body: file.pdf });
    },
  );
  app.get(
    '/public/events/:id/attendees/:attendeeShortId/pdf',
    {
      schema: {
        tags,
        summary: "Download a ticket as a PDF (public, by the ticket's short id); a cancelled one shows void",
        params: ticketParams,
        response: { 200: pdfAnswer },
      },
    },
    async (request, reply) => {
      const { id, attendeeShortId } = request.params;
      const file = await service.publicTicketPdf(deps, id, attendeeShortId, request.locale);
      return sendFile(reply, 'application/pdf', { filename: file.filename, body: file.pdf });
    },
  );
  app.get(
    '/public/events/:id/attendees/:attendeeShortId/apple-wallet',
    {
      schema: {
        tags,
        summary: "Download a ticket's Apple Wallet pass (public); a cancelled one is voided",
        params: ticketParams,
        response: { 200: passAnswer },
      },
    },
    async (request, reply) => {
      const { id, attendeeShortId } = request.params;
      const file = await service.publicApplePass(deps, id, attendeeShortId, request.locale);
      return sendFile(reply, 'application/vnd.apple.pkpass', file);
    },
  );
  app.get(
    '/public/events/:id/attendees/:attendeeShortId/google-wallet',
    {
      schema: {
        tags,
        summary:
          "A ticket's Google Wallet «save» link (public): JSON when asked for (Accept: application/json), else a redirect to it",
        params: ticketParams,
        response: {
          200: dataEnvelope(z.object({ url: z.string() })),
          302: z.null().describe('Location: https://pay.google.com/gp/v/save/<jwt>'),
        },
      },
    },
    async (request, reply) => {
      const { id, attendeeShortId } = request.params;
      const url = await service.publicGoogleWalletLink(deps, id, attendeeShortId, request.locale);
      reply.header('cache-control', 'no-store');
      // The ticket page's button is a plain link (it works without JavaScript): the browser follows it.
      if (request.headers.accept?.includes('application/json')) return reply.send({ data: { url } });
      return reply.redirect(url, 302);
    },
  );
};
