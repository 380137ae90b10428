import { ErrorCode } from '@taquilla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { t } from '../../lib/i18n.ts';
import { coreMessages } from '../../lib/messages.ts';
import { applyCheck } from '../checkout/payment.ts';
import { findPayment, recordWebhookEvent, webhookEventSeen } from './payments.repository.ts';
import type { PaymentIntent, StripeEvent } from './stripe.ts';
import { intentCheck, stripeClient } from './stripe.ts';

const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
]);

/**
 * Stripe's webhook. The signature is checked against the raw body (so this scope parses JSON as a
 * buffer). An event id already processed is acknowledged and skipped; outcomes are applied through the
 * same idempotent confirmation as the return page, so redelivered or out-of-order events change an
 * order once.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );

    scope.post('/public/webhooks/stripe', { schema: { hide: true } }, async (request, reply) => {
      const secret = deps.config.stripe.webhookSecret;
      const signature = request.headers['stripe-signature'];
      if (!secret || !deps.config.stripe.secretKey) throw notFound();
      // This scope's JSON parser hands over the raw bytes; an empty body arrives as undefined.
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event: StripeEvent;
      try {
        event = stripeClient(deps.config).webhooks.constructEvent(raw, String(signature ?? ''), secret);
      } catch {
        return reply.status(400).send({
          error: {
            code: ErrorCode.BAD_REQUEST,
            message: t(request.locale, coreMessages['error.bad_request']),
          },
        });
      }
      if (await webhookEventSeen(deps.db, 'stripe', event.id)) return { received: true, duplicate: true };
      if (INTENT_EVENTS.has(event.type)) {
        const intent = event.data.object as PaymentIntent;
        const payment = await findPayment(deps.db, 'stripe', intent.id);
        if (payment) await applyCheck({ ...deps, log: request.log }, payment, intentCheck(intent));
      }
      // Recorded after applying: a delivery that failed half-way is processed again on Stripe's retry.
      await recordWebhookEvent(deps.db, 'stripe', event.id, event.type);
      return { received: true };
    });
  });
};
