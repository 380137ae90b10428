import {
  cancelOrderInput,
  manualOrderInput,
  orderUpdateInput,
  refundOrderInput,
} from '@taquilla/shared/schemas/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { cancelOrder } from './cancellation.ts';
import { createManualOrder } from './manual-order.ts';
import { editOrder, getOrder, presentDetail, resendConfirmation } from './orders.service.ts';
import { refundOrder } from './refunds.service.ts';

const eventParams = z.object({ id: z.uuid() });
const orderParams = z.object({ id: z.uuid(), orderId: z.uuid() });
const tags = ['orders'];

/** What an organizer does to an order after the sale: create by hand, edit, refund, cancel, resend. */
export const afterSaleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.post(
    '/events/:id/orders',
    { schema: { tags, params: eventParams, body: manualOrderInput } },
    async (request, reply) => {
      const order = await createManualOrder(
        deps,
        requireAuth(request),
        request.params.id,
        request.body,
        request.locale,
      );
      return reply.status(201).send({ data: await presentDetail(deps, order) });
    },
  );
  app.put(
    '/events/:id/orders/:orderId',
    { schema: { tags, params: orderParams, body: orderUpdateInput } },
    async (request) => ({
      data: await editOrder(
        deps,
        requireAuth(request),
        request.params.id,
        request.params.orderId,
        request.body,
      ),
    }),
  );
  app.post(
    '/events/:id/orders/:orderId/refund',
    { schema: { tags, params: orderParams, body: refundOrderInput } },
    async (request) => {
      const auth = requireAuth(request);
      const { id, orderId } = request.params;
      await refundOrder({ ...deps, log: request.log }, auth, id, orderId, request.body);
      return { data: await getOrder(deps, auth, id, orderId) };
    },
  );
  app.post(
    '/events/:id/orders/:orderId/cancel',
    { schema: { tags, params: orderParams, body: cancelOrderInput } },
    async (request) => {
      const auth = requireAuth(request);
      const { id, orderId } = request.params;
      await cancelOrder(deps, auth, id, orderId, request.body);
      return { data: await getOrder(deps, auth, id, orderId) };
    },
  );
  app.post(
    '/events/:id/orders/:orderId/resend',
    { schema: { tags, params: orderParams } },
    async (request, reply) => {
      await resendConfirmation(deps, requireAuth(request), request.params.id, request.params.orderId);
      return reply.status(202).send({ data: { queued: true } });
    },
  );
};
