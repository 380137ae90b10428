import { dataEnvelope } from '@taquilla/shared/schemas/envelope';
import {
  paymentSettingsSchema,
  stripeConnectStartSchema,
  updatePaymentSettingsSchema,
} from '@taquilla/shared/schemas/payment-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import * as service from './payment-settings.service.ts';

const getQuery = z.object({ refresh: z.enum(['true', 'false']).optional() });

/**
 * /api/accounts/me/payment-settings and /api/accounts/me/stripe-connect: admins of the caller's account.
 * Stripe's Connect webhook (`account.updated` among the connected accounts' events) is the payments
 * module's (`payments/payments.routes.ts`).
 */
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
};
