import { dataEnvelope } from '@taquilla/shared/schemas/envelope';
import { orderEmailSchema } from '@taquilla/shared/schemas/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import * as service from './emails.service.ts';

const eventParams = z.object({ id: z.uuid() });
const orderParams = z.object({ id: z.uuid(), orderId: z.uuid() });
const emailParams = z.object({
  id: z.uuid(),
  emailId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

/** Order e-mails for the organizer: an order's e-mails and where each is, the event's failed ones, retry. */
export const orderEmailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['orders'];
  app.get(
    '/events/:id/orders/:orderId/emails',
    {
      schema: {
        tags,
        summary: "An order's e-mails: queued, sent or failed, with tries and the last error",
        params: orderParams,
        response: { 200: dataEnvelope(z.array(orderEmailSchema)) },
      },
    },
    async (request) => {
      const { id, orderId } = request.params;
      return { data: await service.listOrderEmails(app.deps, requireAuth(request), id, orderId) };
    },
  );
  app.get(
    '/events/:id/failed-emails',
    {
      schema: {
        tags,
        summary: "The event's order e-mails given up on after three days of tries",
        params: eventParams,
        response: { 200: dataEnvelope(z.array(orderEmailSchema)) },
      },
    },
    async (request) => ({
      data: await service.listFailedEmails(app.deps, requireAuth(request), request.params.id),
    }),
  );
  app.post(
    '/events/:id/failed-emails/:emailId/retry',
    {
      schema: {
        tags,
        summary: 'Try a failed e-mail again (the same message)',
        params: emailParams,
        response: { 202: dataEnvelope(orderEmailSchema) },
      },
    },
    async (request, reply) => {
      const { id, emailId } = request.params;
      const data = await service.retryFailedEmail(app.deps, requireAuth(request), id, emailId);
      return reply.status(202).send({ data });
    },
  );
};
