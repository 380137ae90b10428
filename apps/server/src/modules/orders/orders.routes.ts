import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { sendCsv } from '../../lib/csv.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import { exportOrders } from './orders.export.ts';
import * as service from './orders.service.ts';

const eventParams = z.object({ id: z.uuid() });
const orderParams = z.object({ id: z.uuid(), orderId: z.uuid() });

/** Organizer orders: list (list-query helper), CSV export, detail, and marking an offline order as paid. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['orders'];
  app.get(
    '/events/:id/orders/export',
    { schema: { tags, params: eventParams, querystring: listQuerystring } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { filename, csv } = await exportOrders(
        app.deps,
        auth,
        request.params.id,
        request.query,
        request.locale,
      );
      return sendCsv(reply, filename, csv);
    },
  );
  app.get(
    '/events/:id/orders',
    { schema: { tags, params: eventParams, querystring: listQuerystring } },
    async (request) => service.listOrders(app.deps, requireAuth(request), request.params.id, request.query),
  );
  app.get('/events/:id/orders/:orderId', { schema: { tags, params: orderParams } }, async (request) => {
    const { id, orderId } = request.params;
    return { data: await service.getOrder(app.deps, requireAuth(request), id, orderId) };
  });
  app.post(
    '/events/:id/orders/:orderId/mark-paid',
    { schema: { tags, params: orderParams } },
    async (request) => {
      const { id, orderId } = request.params;
      return { data: await service.markPaid(app.deps, requireAuth(request), id, orderId) };
    },
  );
};
