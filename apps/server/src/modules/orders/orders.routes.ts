import { z } from 'zod';
import type { App } from '../../app.ts';
import { requireAuth } from '../../lib/auth.ts';
import { sendExport } from '../../lib/spreadsheet.ts';
import { afterSaleRoutes } from './after-sale.routes.ts';
import { exportOrders } from './orders.export.ts';
import * as service from './orders.service.ts';

const eventParams = z.object({ id: z.uuid() });
const orderParams = z.object({ id: z.uuid(), orderId: z.uuid() });

/** Organizer orders: list (list-query helper), CSV export, detail, and marking an offline order as paid. */
export async function ordersRoutes(app: App) {
  await app.register(afterSaleRoutes);
  app.get(
    '/events/:id/orders/export',
    { schema: { tags: ['orders'], params: eventParams } },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof eventParams>;
      const query = request.query as Record<string, unknown>;
      const { format, sheet } = await exportOrders(app.deps, requireAuth(request), id, query, request.locale);
      return sendExport(reply, format, sheet);
    },
  );
  app.get('/events/:id/orders', { schema: { tags: ['orders'], params: eventParams } }, async (request) =>
    service.listOrders(
      app.deps,
      requireAuth(request),
      (request.params as z.infer<typeof eventParams>).id,
      request.query as Record<string, unknown>,
    ),
  );
  app.get(
    '/events/:id/orders/:orderId',
    { schema: { tags: ['orders'], params: orderParams } },
    async (request) => {
      const { id, orderId } = request.params as z.infer<typeof orderParams>;
      return { data: await service.getOrder(app.deps, requireAuth(request), id, orderId) };
    },
  );
  app.post(
    '/events/:id/orders/:orderId/mark-paid',
    { schema: { tags: ['orders'], params: orderParams } },
    async (request) => {
      const { id, orderId } = request.params as z.infer<typeof orderParams>;
      return { data: await service.markPaid(app.deps, requireAuth(request), id, orderId) };
    },
  );
}
