import { ErrorCode } from '@taquilla/shared';
import { dataEnvelope } from '@taquilla/shared/schemas/envelope';
import {
  paymentSettingsSchema,
  stripeConnectStartSchema,
  updatePaymentSettingsSchema,
} from '@taquilla/shared/schemas/payment-settings';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { t } from '../../lib/i18n.ts';
import { coreMessages } from '../../lib/messages.ts';
import { recordWebhookEvent, webhookEventSeen } from '../payments/payments.service.ts';
import { stripeClient } from '../payments/stripe.ts';
import * as service from './payment-settings.service.ts';

const getQuery = z.object({ refresh: z.enum(['true', 'false']).optional() });

/** /api/accounts/me/payment-settings and /api/accounts/me/stripe-connect: admins of the caller's account. */
export const paymentSettingsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { deps } = fastify;
  const tags = ['payment-settings'];
  fastify.get(
    '/accounts/me/payment-settings',
    {
      schema: {
        tags,
        summary: "Get the account's payment settings (`refresh=true` asks Stripe again)",
        querystring: getQuery,
        response: { 200: dataEnvelope(paymentSettingsSchema) },
      },
    },
    async (request) => ({
      data: await service.getPaymentSettings({ ...deps, log: request.log }, requireAuth(request), {
        refresh: request.query.refresh === 'true',
      }),
    }),
  );
  fastify.put(
    '/accounts/me/payment-settings',
    {
      schema: {
        tags,
        summary: "Update the account's payment settings",
        body: updatePaymentSettingsSchema,
        response: { 200: dataEnvelope(paymentSettingsSchema) },
      },
    },
    async (request) => ({
      data: await service.updatePaymentSettings(deps, requireAuth(request), request.body),
    }),
  );
  fastify.post(
    '/accounts/me/stripe-connect',
    {
      schema: {
        tags,
        summary: 'Start or resume connecting a Stripe account (answers the onboarding link)',
        response: { 200: dataEnvelope(stripeConnectStartSchema) },
      },
    },
    async (request) => ({
      data: await service.startStripeConnect({ ...deps, log: request.log }, requireAuth(request)),
    }),
  );
  fastify.delete(
    '/accounts/me/stripe-connect',
    {
      schema: {
        tags,
        summary: 'Disconnect the Stripe account',
        response: { 200: dataEnvelope(paymentSettingsSchema) },
      },
    },
    async (request) => ({
      data: await service.disconnectStripe(deps, requireAuth(request)),
    }),
  );

  await fastify.register(connectWebhook);
};

/**
 * Stripe's Connect webhook (events of connected accounts: a separate endpoint in Stripe with its own
 * signing secret, STRIPE_CONNECT_WEBHOOK_SECRET). Signature checked against the raw body; a redelivered
 * event is acknowledged and skipped.
 */
async function connectWebhook(scope: FastifyInstance) {
  const { deps } = scope;
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  );

  scope.post('/public/webhooks/stripe-connect', { schema: { hide: true } }, async (request, reply) => {
    const secret = deps.config.stripe.connectWebhookSecret;
    if (!secret || !deps.config.stripe.secretKey) throw notFound();
    let event: Stripe.Event;
    try {
      event = stripeClient(deps.config).webhooks.constructEvent(
        request.body as Buffer,
        String(request.headers['stripe-signature'] ?? ''),
        secret,
      );
    } catch {
      return reply.status(400).send({
        error: { code: ErrorCode.BAD_REQUEST, message: t(request.locale, coreMessages['error.bad_request']) },
      });
    }
    if (await webhookEventSeen(deps.db, 'stripe', event.id)) return { received: true, duplicate: true };
    if (event.type === 'account.updated') await service.applyStripeAccountUpdate(deps, event.data.object);
    await recordWebhookEvent(deps.db, 'stripe', event.id, event.type);
    return { received: true };
  });
}
