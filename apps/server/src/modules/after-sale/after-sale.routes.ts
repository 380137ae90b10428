import { manageAttendeeDetailSchema } from '@taquilla/shared/schemas/attendees';
import { organizerOrderSchema } from '@taquilla/shared/schemas/checkout';
import { dataEnvelope } from '@taquilla/shared/schemas/envelope';
import {
  cancelDateInput,
  cancelledDateSchema,
  moveDateInput,
  movedDateSchema,
} from '@taquilla/shared/schemas/event-dates';
import {
  cancelOrderInput,
  manualOrderInput,
  manualOrderPriceInput,
  manualOrderPriceSchema,
  orderNotesInput,
  orderUpdateInput,
  refundOrderInput,
} from '@taquilla/shared/schemas/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { getAttendee } from '../attendees/attendees.manage.ts';
import { getOrder, presentDetail, resendConfirmation } from '../orders/orders.service.ts';
import { cancelAttendee, reactivateAttendee } from './attendee-status.ts';
import { cancelDate, registerCancelDateJob } from './cancel-date.ts';
import { cancelOrder } from './cancellation.ts';
import { editOrder } from './edit-order.ts';
import { createManualOrder, priceManualOrder } from './manual-order.ts';
import { moveDate, registerMoveDateJob } from './move-date.ts';
import { writeOrderNotes } from './order-notes.ts';
import { refundOrder } from './refund-order.ts';

const eventParams = z.object({ id: z.uuid() });
const orderParams = z.object({ id: z.uuid(), orderId: z.uuid() });
const attendeeParams = z.object({ id: z.uuid(), attendeeId: z.uuid() });
const dateParams = z.object({ id: z.uuid(), dateId: z.uuid() });
const tags = ['orders'];

/**
 * What an organizer does to an order after the sale: create by hand, edit, refund, cancel, resend; and to
 * one attendee: cancel, reactivate.
 */
export const afterSaleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  registerCancelDateJob(deps);
  registerMoveDateJob(deps);
  app.post(
    '/events/:id/dates/:dateId/cancel',
    {
      schema: {
        tags: ['event-dates'],
        summary: 'Cancel one date: it stops selling, and its orders are cancelled (and refunded) one by one',
        params: dateParams,
        body: cancelDateInput,
        response: { 202: dataEnvelope(cancelledDateSchema) },
      },
    },
    async (request, reply) => {
      const { id, dateId } = request.params;
      const data = await cancelDate(deps, requireAuth(request), id, dateId, request.body);
      return reply.status(202).send({ data });
    },
  );
  app.post(
    '/events/:id/dates/:dateId/move',
    {
      schema: {
        tags: ['event-dates'],
        summary: "Move one date's orders to another date: it is cancelled, and its orders follow one by one",
        params: dateParams,
        body: moveDateInput,
        response: { 202: dataEnvelope(movedDateSchema) },
      },
    },
    async (request, reply) => {
      const { id, dateId } = request.params;
      const data = await moveDate(deps, requireAuth(request), id, dateId, request.body);
      return reply.status(202).send({ data });
    },
  );
  app.post(
    '/events/:id/orders',
    {
      schema: {
        tags,
        summary: 'Create an order by hand',
        params: eventParams,
        body: manualOrderInput,
        response: { 201: dataEnvelope(organizerOrderSchema) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const order = await createManualOrder(deps, auth, request.params.id, request.body, request.locale);
      return reply.status(201).send({ data: await presentDetail(deps, auth, order) });
    },
  );
  app.post(
    '/events/:id/orders/price',
    {
      schema: {
        tags,
        summary: 'Price the tickets of an order created by hand',
        params: eventParams,
        body: manualOrderPriceInput,
        response: { 200: dataEnvelope(manualOrderPriceSchema) },
      },
    },
    async (request) => ({
      data: await priceManualOrder(deps, requireAuth(request), request.params.id, request.body),
    }),
  );
  app.put(
    '/events/:id/orders/:orderId',
    {
      schema: {
        tags,
        summary: "Edit an order's buyer details and answers",
        params: orderParams,
        body: orderUpdateInput,
        response: { 200: dataEnvelope(organizerOrderSchema) },
      },
    },
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
  app.put(
    '/events/:id/orders/:orderId/notes',
    {
      schema: {
        tags,
        summary: "Write the organizer's internal notes on an order (never shown to the buyer)",
        params: orderParams,
        body: orderNotesInput,
        response: { 200: dataEnvelope(organizerOrderSchema) },
      },
    },
    async (request) => ({
      data: await writeOrderNotes(
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
    {
      schema: {
        tags,
        summary: 'Refund an order',
        params: orderParams,
        body: refundOrderInput,
        response: { 200: dataEnvelope(organizerOrderSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id, orderId } = request.params;
      await refundOrder({ ...deps, log: request.log }, auth, id, orderId, request.body);
      return { data: await getOrder(deps, auth, id, orderId) };
    },
  );
  app.post(
    '/events/:id/orders/:orderId/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel an order',
        params: orderParams,
        body: cancelOrderInput,
        response: { 200: dataEnvelope(organizerOrderSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id, orderId } = request.params;
      await cancelOrder(deps, auth, id, orderId, request.body);
      return { data: await getOrder(deps, auth, id, orderId) };
    },
  );
  app.post(
    '/events/:id/orders/:orderId/resend',
    {
      schema: {
        tags,
        summary: "Resend an order's confirmation e-mail",
        params: orderParams,
        response: { 202: dataEnvelope(z.object({ queued: z.literal(true) })) },
      },
    },
    async (request, reply) => {
      await resendConfirmation(deps, requireAuth(request), request.params.id, request.params.orderId);
      return reply.status(202).send({ data: { queued: true } });
    },
  );
  app.post(
    '/events/:id/attendees/:attendeeId/cancel',
    {
      schema: {
        tags: ['attendees'],
        summary: "Cancel an attendee's ticket",
        params: attendeeParams,
        response: { 200: dataEnvelope(manageAttendeeDetailSchema) },
      },
    },
    async (request) => {
      const { id, attendeeId } = request.params;
      const auth = requireAuth(request);
      await cancelAttendee(deps, auth, id, attendeeId);
      return { data: await getAttendee(deps, auth, id, attendeeId) };
    },
  );
  app.post(
    '/events/:id/attendees/:attendeeId/reactivate',
    {
      schema: {
        tags: ['attendees'],
        summary: "Reactivate a cancelled attendee's ticket",
        params: attendeeParams,
        response: { 200: dataEnvelope(manageAttendeeDetailSchema) },
      },
    },
    async (request) => {
      const { id, attendeeId } = request.params;
      const auth = requireAuth(request);
      await reactivateAttendee(deps, auth, id, attendeeId);
      return { data: await getAttendee(deps, auth, id, attendeeId) };
    },
  );
};
