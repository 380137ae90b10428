import {
  checkoutOrderSchema,
  createOrderSchema,
  orderDetailsSchema,
  orderPaymentSchema,
  stripePaymentStartSchema,
} from '@taquilla/shared/schemas/checkout';
import { dataEnvelope } from '@taquilla/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { throttle } from '../../lib/throttle.ts';
import { clock } from '../waiting-room/clock.ts';
import { admissionProofOf } from '../waiting-room/waiting-room.routes.ts';
import { consumeAdmission, releaseAdmission } from '../waiting-room/waiting-room.service.ts';
import { checkoutMessages as m } from './checkout.messages.ts';
import {
  presentCheckoutOrder,
  presentLoadedCheckoutOrder,
  presentReservedOrder,
} from './checkout.presenter.ts';
import * as service from './checkout.service.ts';
import { refreshPayment, startPayment } from './payment.ts';
import { registerPaymentReconciliation } from './payment-reconciliation.ts';

const eventParams = z.object({ id: z.uuid() });
const orderParams = z.object({ id: z.uuid(), orderShortId: z.string().min(1).max(40) });

/** The public order flow: reserve, details, payment, status, more time, abandon. No login; the short id is the key. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['checkout'];
  // The backstop for payments whose webhook never came (every minute, as a job).
  await registerPaymentReconciliation({ ...deps, log: app.log });

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
      schema: {
        tags,
        summary: "Reserve tickets: a new order held for the event's timeout",
        params: eventParams,
        body: createOrderSchema,
        response: { 201: dataEnvelope(checkoutOrderSchema) },
      },
      // Under a crowd, a quick 503 with Retry-After instead of a long wait (lib/overload.ts).
      config: { overload: 'reservation' },
      preHandler: reservationLimit,
    },
    async (request, reply) => {
      const { id } = request.params;
      // While the event's (or the date's) waiting room is on, a reservation spends an admission pass for
      // that room (given back if it fails): a pass for one date does not reserve on another.
      const passId = await consumeAdmission(
        deps,
        id,
        admissionProofOf(request),
        clock.now(),
        request.body.event_date_id,
      );
      const { order, settings } = await service
        .reserve(deps, id, request.body, request.locale, request.ip)
        .catch(async (err) => {
          if (passId) await releaseAdmission(deps, passId);
          throw err;
        });
      return reply.status(201).send({ data: presentReservedOrder(deps, order, settings) });
    },
  );

  app.get(
    '/public/events/:id/order/:orderShortId',
    {
      schema: {
        tags,
        summary: 'Get an order in checkout',
        params: orderParams,
        response: { 200: dataEnvelope(checkoutOrderSchema) },
      },
    },
    async (request) => {
      const { id, orderShortId } = request.params;
      return { data: await service.checkoutOrder(deps, id, orderShortId) };
    },
  );

  app.put(
    '/public/events/:id/order/:orderShortId',
    {
      schema: {
        tags,
        summary: "Save the buyer's and attendees' details",
        params: orderParams,
        body: orderDetailsSchema,
        response: { 200: dataEnvelope(checkoutOrderSchema) },
      },
    },
    async (request) => {
      const { id, orderShortId } = request.params;
      const saved = await service.saveDetails(deps, id, orderShortId, request.body, request.locale);
      if (!saved.items) return { data: await presentCheckoutOrder(deps, saved.order) };
      // Still RESERVED: no attendees yet, and the rows just read and written are all the answer needs.
      const rows = { items: saved.items, attendees: [], settings: saved.event.settings };
      return { data: await presentLoadedCheckoutOrder(deps, saved.order, rows) };
    },
  );

  app.post(
    '/public/events/:id/order/:orderShortId/abandon',
    {
      schema: {
        tags,
        summary: 'Abandon an order: its units are free again',
        params: orderParams,
        response: { 200: dataEnvelope(checkoutOrderSchema) },
      },
    },
    async (request) => {
      const { id, orderShortId } = request.params;
      return { data: await presentCheckoutOrder(deps, await service.abandon(deps, id, orderShortId)) };
    },
  );

  app.post(
    '/public/events/:id/order/:orderShortId/extend',
    {
      schema: {
        tags,
        summary: "More time for a reservation: the event's order timeout again from now, once per order",
        params: orderParams,
        response: { 200: dataEnvelope(checkoutOrderSchema) },
      },
    },
    async (request) => {
      const { id, orderShortId } = request.params;
      const order = await service.extendReservation(deps, id, orderShortId);
      return { data: await presentCheckoutOrder(deps, order) };
    },
  );

  app.post(
    '/public/events/:id/order/:orderShortId/payment',
    {
      schema: {
        tags,
        summary: 'Pay: completes a free, test or offline order, or starts a Stripe payment',
        params: orderParams,
        body: orderPaymentSchema,
        response: {
          200: dataEnvelope(z.union([checkoutOrderSchema, stripePaymentStartSchema])),
        },
      },
      config: { overload: 'payment' },
    },
    async (request) => {
      const { id, orderShortId } = request.params;
      const result = await startPayment({ ...deps, log: request.log }, id, orderShortId, request.body);
      const order = result.completed
        ? await presentLoadedCheckoutOrder(deps, result.order, result.completed)
        : await presentCheckoutOrder(deps, result.order);
      return result.stripe ? { data: { order, stripe: result.stripe } } : { data: order };
    },
  );

  app.post(
    '/public/events/:id/order/:orderShortId/payment/refresh',
    {
      schema: {
        tags,
        summary: "Ask the payment provider again for an order's payment",
        params: orderParams,
        response: { 200: dataEnvelope(checkoutOrderSchema) },
      },
    },
    async (request) => {
      const { id, orderShortId } = request.params;
      const order = await service.publicOrder(deps, id, orderShortId);
      return {
        data: await presentCheckoutOrder(deps, await refreshPayment({ ...deps, log: request.log }, order)),
      };
    },
  );
};
