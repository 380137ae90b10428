import { ErrorCode } from '@taquilla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { t } from '../../lib/i18n.ts';
import { coreMessages } from '../../lib/messages.ts';
import type { StripeEvent } from '../payments/stripe.ts';
import { stripeClient } from '../payments/stripe.ts';
import { handleStripeEvent } from './stripe-webhook.ts';

/**
 * Stripe's webhook. The signature is checked against the raw body (so this scope parses JSON as a
 * buffer); the verified event is applied by `handleStripeEvent`.
 */
export const paymentWebhooksRoutes: FastifyPluginAsyncZod = async (app) => {
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
      return handleStripeEvent({ ...deps, log: request.log }, event);
    });
  });
};
