import { ErrorCode } from '@taquilla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { notFound } from '../../lib/errors.ts';
import { t } from '../../lib/i18n.ts';
import { coreMessages } from '../../lib/messages.ts';
import type { StripeEvent } from '../payments/stripe.ts';
import { stripeClient } from '../payments/stripe.ts';
import { handleStripeEvent } from './stripe-webhook.ts';

/**
 * Stripe's two webhook endpoints, each with its own signing secret: the platform's events
 * (STRIPE_WEBHOOK_SECRET) and the Connect endpoint's, which receives every event of the connected
 * accounts (STRIPE_CONNECT_WEBHOOK_SECRET). The signature is checked against the raw body (so this scope
 * parses JSON as a buffer); the verified event, wherever it came from, is applied by `handleStripeEvent`.
 */
const ENDPOINTS: { url: string; secret: (config: Config) => string | undefined }[] = [
  { url: '/public/webhooks/stripe', secret: (config) => config.stripe.webhookSecret },
  { url: '/public/webhooks/stripe-connect', secret: (config) => config.stripe.connectWebhookSecret },
];

export const paymentWebhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );

    for (const endpoint of ENDPOINTS) {
      scope.post(endpoint.url, { schema: { hide: true } }, async (request, reply) => {
        const secret = endpoint.secret(deps.config);
        if (!secret || !deps.config.stripe.secretKey) throw notFound();
        // This scope's JSON parser hands over the raw bytes; an empty body arrives as undefined.
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = String(request.headers['stripe-signature'] ?? '');
        let event: StripeEvent;
        try {
          event = stripeClient(deps.config).webhooks.constructEvent(raw, signature, secret);
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
    }
  });
};
