import {
  type CheckoutOrder,
  createOrderSchema,
  orderDetailsSchema,
  orderPaymentSchema,
} from '@taquilla/shared/schemas/checkout';
import { z } from 'zod';
import type { App } from '../../app.ts';
import type { OrderRow } from '../orders/orders.service.ts';
import { eventPaymentProviders } from '../payments/payments.service.ts';
import * as service from './checkout.service.ts';
import { refreshPayment, startPayment } from './payment.ts';

const eventParams = z.object({ id: z.uuid() });
const orderParams = z.object({ id: z.uuid(), orderShortId: z.string().min(1).max(40) });
type OrderParams = z.infer<typeof orderParams>;

/** The public order flow: reserve, details, payment, status, abandon. No login; the short id is the key. */
export async function checkoutRoutes(app: App) {
  const { deps } = app;

  const present = (order: OrderRow) => service.presentCheckoutOrder(deps, order);

  app.post(
    '/public/events/:id/order',
    { schema: { tags: ['checkout'], params: eventParams, body: createOrderSchema } },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof eventParams>;
      const { order, settings } = await service.reserve(
        deps,
        id,
        request.body as z.infer<typeof createOrderSchema>,
        request.locale,
      );
      const data: CheckoutOrder = {
        ...order,
        payment_providers: eventPaymentProviders(deps.config, settings),
        offline_payment_instructions: null,
      };
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/public/events/:id/order/:orderShortId',
    { schema: { tags: ['checkout'], params: orderParams } },
    async (request) => {
      const { id, orderShortId } = request.params as OrderParams;
      return { data: await service.checkoutOrder(deps, id, orderShortId) };
    },
  );

  app.put(
    '/public/events/:id/order/:orderShortId',
    { schema: { tags: ['checkout'], params: orderParams, body: orderDetailsSchema } },
    async (request) => {
      const { id, orderShortId } = request.params as OrderParams;
      const body = request.body as z.infer<typeof orderDetailsSchema>;
      const saved = await service.saveDetails(deps, id, orderShortId, body, request.locale);
      if (!saved.items) return { data: await present(saved.order) };
      // Still RESERVED: no attendees yet, and the rows just read and written are all the answer needs.
      const rows = { items: saved.items, attendees: [], settings: saved.event.settings };
      return { data: await service.presentLoadedCheckoutOrder(deps, saved.order, rows) };
    },
  );

  app.post(
    '/public/events/:id/order/:orderShortId/abandon',
    { schema: { tags: ['checkout'], params: orderParams } },
    async (request) => {
      const { id, orderShortId } = request.params as OrderParams;
      return { data: await present(await service.abandon(deps, id, orderShortId)) };
    },
  );

  app.post(
    '/public/events/:id/order/:orderShortId/payment',
    { schema: { tags: ['checkout'], params: orderParams, body: orderPaymentSchema } },
    async (request) => {
      const { id, orderShortId } = request.params as OrderParams;
      const result = await startPayment(
        { ...deps, log: request.log },
        id,
        orderShortId,
        request.body as z.infer<typeof orderPaymentSchema>,
      );
      const order = result.completed
        ? await service.presentLoadedCheckoutOrder(deps, result.order, result.completed)
        : await present(result.order);
      return result.stripe ? { data: { order, stripe: result.stripe } } : { data: order };
    },
  );

  app.post(
    '/public/events/:id/order/:orderShortId/payment/refresh',
    { schema: { tags: ['checkout'], params: orderParams } },
    async (request) => {
      const { id, orderShortId } = request.params as OrderParams;
      const order = await service.publicOrder(deps, id, orderShortId);
      return { data: await present(await refreshPayment({ ...deps, log: request.log }, order)) };
    },
  );
}
