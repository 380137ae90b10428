import { createOrderSchema, orderDetailsSchema, orderPaymentSchema } from '@taquilla/shared/schemas/checkout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { throttle } from '../../lib/throttle.ts';
import { checkoutMessages as m } from './checkout.messages.ts';
import { presentCheckoutOrder, presentReservedOrder } from './checkout.presenter.ts';
import * as service from './checkout.service.ts';
import { refreshPayment, startPayment } from './payment.ts';

const eventParams = z.object({ id: z.uuid() });
const orderParams = z.object({ id: z.uuid(), orderShortId: z.string().min(1).max(40) });

/** The public order flow: reserve, details, payment, status, abandon. No login; the short id is the key. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['checkout'];

  // One address cannot hold an event's stock by reserving again and again (shared by all processes).
  const perMinute = deps.config.reservationsPerMinute;
  const reservationLimit = throttle(
    app,
    [
      {
        name: 'reserve-event',
        max: perMinute,
        windowMs: 60_000,
        key: (request) => `${request.ip}:${(request.params as { id?: string }).id}`,
      },
      { name: 'reserve', max: perMinute * 3, windowMs: 60_000, key: (request) => request.ip },
    ],
    m['checkout.rate_limited'],
  );

  app.post(
    '/public/events/:id/order',
    {
      schema: { tags, params: eventParams, body: createOrderSchema },
      preHandler: reservationLimit,
    },
    async (request, reply) => {
      const { order, settings } = await service.reserve(
        deps,
        request.params.id,
        request.body,
        request.locale,
      );
      return reply.status(201).send({ data: presentReservedOrder(deps, order, settings) });
    },
  );

  app.get(
    '/public/events/:id/order/:orderShortId',
    { schema: { tags, params: orderParams } },
    async (request) => {
      const { id, orderShortId } = request.params;
      const order = await service.publicOrder(deps, id, orderShortId);
      if (service.isExpired(order)) throw service.expiredError();
      return { data: await presentCheckoutOrder(deps, order) };
    },
  );

  app.put(
    '/public/events/:id/order/:orderShortId',
    { schema: { tags, params: orderParams, body: orderDetailsSchema } },
    async (request) => {
      const { id, orderShortId } = request.params;
      const order = await service.saveDetails(deps, id, orderShortId, request.body, request.locale);
      return { data: await presentCheckoutOrder(deps, order) };
    },
  );

  app.post(
    '/public/events/:id/order/:orderShortId/abandon',
    { schema: { tags, params: orderParams } },
    async (request) => {
      const { id, orderShortId } = request.params;
      return { data: await presentCheckoutOrder(deps, await service.abandon(deps, id, orderShortId)) };
    },
  );

  app.post(
    '/public/events/:id/order/:orderShortId/payment',
    { schema: { tags, params: orderParams, body: orderPaymentSchema } },
    async (request) => {
      const { id, orderShortId } = request.params;
      const result = await startPayment({ ...deps, log: request.log }, id, orderShortId, request.body);
      const order = await presentCheckoutOrder(deps, result.order);
      return result.stripe ? { data: { order, stripe: result.stripe } } : { data: order };
    },
  );

  app.post(
    '/public/events/:id/order/:orderShortId/payment/refresh',
    { schema: { tags, params: orderParams } },
    async (request) => {
      const { id, orderShortId } = request.params;
      const order = await service.publicOrder(deps, id, orderShortId);
      return {
        data: await presentCheckoutOrder(deps, await refreshPayment({ ...deps, log: request.log }, order)),
      };
    },
  );
};
