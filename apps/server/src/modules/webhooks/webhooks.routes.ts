import { dataEnvelope, listEnvelope, noContent } from '@taquilla/shared/schemas/envelope';
import {
  createWebhookSchema,
  updateWebhookSchema,
  webhookDeliverySchema,
  webhookEndpointListItemSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@taquilla/shared/schemas/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import { WEBHOOK_EMIT_JOB, type WebhookEmitPayload } from '../../lib/webhook-events.ts';
import { DELIVERY_RETRY, deliver } from './delivery.ts';
import { fanOut, WEBHOOK_DELIVER_JOB } from './fanout.ts';
import * as repo from './webhooks.repository.ts';
import * as service from './webhooks.service.ts';

const BASE = '/accounts/me/webhooks';
const idParams = z.object({ id: z.uuid() });
const deliveryParams = z.object({ id: z.uuid(), deliveryId: z.uuid() });
const tags = ['webhooks'];
/** Deliveries one process makes at once (each waits on another server, up to 10 s). */
const DELIVERY_CONCURRENCY = 16;
const RETENTION_DAYS = 30;

/** /api/accounts/me/webhooks: the account's endpoints, their secrets and delivery log; and the jobs. */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  deps.jobs.register(
    WEBHOOK_EMIT_JOB,
    (payload, job) => fanOut(deps, payload as unknown as WebhookEmitPayload, job),
    {
      retry: DELIVERY_RETRY,
      // Without a transaction, a run holds a pooled connection only while each of its statements runs.
      concurrency: DELIVERY_CONCURRENCY,
    },
  );
  deps.jobs.register(WEBHOOK_DELIVER_JOB, (payload, job) => deliver(deps, String(payload.deliveryId), job), {
    retry: DELIVERY_RETRY,
    concurrency: DELIVERY_CONCURRENCY,
  });
  await deps.jobs.repeat('webhooks.retention', 3600, async () => {
    await repo.deleteDeliveriesBefore(deps.db, new Date(Date.now() - RETENTION_DAYS * 24 * 3600 * 1000));
  });

  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: "List the account's webhook endpoints, each with its latest delivery",
        response: { 200: dataEnvelope(z.array(webhookEndpointListItemSchema)) },
      },
    },
    async (request) => ({ data: await service.listEndpoints(deps, requireAuth(request)) }),
  );
  app.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Create a webhook endpoint (its signing secret is answered only now)',
        body: createWebhookSchema,
        response: { 201: dataEnvelope(webhookEndpointWithSecretSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await service.createEndpoint(deps, requireAuth(request), request.body) }),
  );
  app.get(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Get a webhook endpoint',
        params: idParams,
        response: { 200: dataEnvelope(webhookEndpointSchema) },
      },
    },
    async (request) => ({ data: await service.getEndpoint(deps, requireAuth(request), request.params.id) }),
  );
  app.put(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Update a webhook endpoint; status ACTIVE resumes it and re-sends what failed while paused',
        params: idParams,
        body: updateWebhookSchema,
        response: { 200: dataEnvelope(webhookEndpointSchema) },
      },
    },
    async (request) => ({
      data: await service.updateEndpoint(deps, requireAuth(request), request.params.id, request.body),
    }),
  );
  app.delete(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a webhook endpoint and its delivery log',
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await service.deleteEndpoint(deps, requireAuth(request), request.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    `${BASE}/:id/rotate-secret`,
    {
      schema: {
        tags,
        summary: 'Rotate the signing secret (answered only now; the previous one also signs for 24 h)',
        params: idParams,
        response: { 200: dataEnvelope(webhookEndpointWithSecretSchema) },
      },
    },
    async (request) => ({ data: await service.rotateSecret(deps, requireAuth(request), request.params.id) }),
  );
  app.post(
    `${BASE}/:id/test`,
    {
      schema: {
        tags,
        summary: 'Send a webhook.test message to the endpoint',
        params: idParams,
        response: { 202: dataEnvelope(webhookDeliverySchema) },
      },
    },
    async (request, reply) =>
      reply.status(202).send({ data: await service.sendTest(deps, requireAuth(request), request.params.id) }),
  );
  app.get(
    `${BASE}/:id/deliveries`,
    {
      schema: {
        tags,
        summary: "An endpoint's delivery log (30 days), newest first",
        params: idParams,
        querystring: listQuerystring,
        response: { 200: listEnvelope(webhookDeliverySchema) },
      },
    },
    async (request) => service.listDeliveries(deps, requireAuth(request), request.params.id, request.query),
  );
  app.post(
    `${BASE}/:id/deliveries/:deliveryId/resend`,
    {
      schema: {
        tags,
        summary: 'Send a delivered or failed message again (same webhook-id and body)',
        params: deliveryParams,
        response: { 202: dataEnvelope(webhookDeliverySchema) },
      },
    },
    async (request, reply) =>
      reply.status(202).send({
        data: await service.resendDelivery(
          deps,
          requireAuth(request),
          request.params.id,
          request.params.deliveryId,
        ),
      }),
  );
};
