import { z } from 'zod';

/**
 * Outgoing webhooks: endpoints of an account, each subscribed to some event types (and optionally only
 * some events), signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature).
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.completed',
  'order.refunded',
  'order.cancelled',
  'order.updated',
  'attendee.created',
  'attendee.updated',
  'attendee.cancelled',
  'checkin.created',
  'checkin.undone',
  'event.published',
  'event.updated',
  'ticket.updated',
  'waitlist_entry.created',
  'waitlist_entry.offered',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The payload format's version: a breaking change of `data` is a new version. */
export const WEBHOOK_PAYLOAD_VERSION = 1;

export const WEBHOOK_ENDPOINT_STATUSES = ['ACTIVE', 'PAUSED', 'DISABLED'] as const;
export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;

const url = z
  .url({ protocol: /^https?$/, error: 'webhooks.url_invalid' })
  .max(2000, { error: 'webhooks.url_invalid' })
  .refine((value) => !/^https?:\/\/[^/]*@/.test(value), { error: 'webhooks.url_invalid' });

const endpointBase = z.strictObject({
  url,
  description: z.string().trim().max(200).optional(),
  event_types: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .min(1, { error: 'webhooks.event_types_required' })
    .max(WEBHOOK_EVENT_TYPES.length),
  /** Empty or absent: every event of the account. */
  event_ids: z.array(z.uuid()).max(100).optional(),
});

export const createWebhookSchema = endpointBase;
export const updateWebhookSchema = endpointBase.partial().extend({
  /** ACTIVE resumes a paused or disabled endpoint; PAUSED stops deliveries until resumed. */
  status: z.enum(['ACTIVE', 'PAUSED']).optional(),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;
export type UpdateWebhookInput = z.infer<typeof updateWebhookSchema>;

export const webhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    event_ids: z.array(z.string()),
    status: z.enum(WEBHOOK_ENDPOINT_STATUSES),
    /** Why it is not ACTIVE: GONE (the receiver answered 410), FAILING (kept failing), MANUAL. */
    status_reason: z.enum(['GONE', 'FAILING', 'MANUAL']).nullable(),
    consecutive_failures: z.number(),
    /** Until when the previous secret still signs too (after a rotation), else null. */
    previous_secret_expires_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** A row of the endpoints list: the endpoint and its latest delivery (null before the first). */
export const webhookEndpointListItemSchema = webhookEndpointSchema
  .extend({
    last_delivery: z
      .object({
        status: z.enum(WEBHOOK_DELIVERY_STATUSES),
        response_status: z.number().nullable(),
        created_at: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'WebhookEndpointListItem' });
export type WebhookEndpointListItem = z.infer<typeof webhookEndpointListItemSchema>;

/** An endpoint with its signing secret: answered once, at creation and at each rotation. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({ secret: z.string() })
  .meta({ id: 'WebhookEndpointWithSecret' });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    /** The `webhook-id` header: the same for every attempt and resend of this message. */
    message_id: z.string(),
    event_type: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number(),
    response_status: z.number().nullable(),
    response_excerpt: z.string().nullable(),
    error: z.string().nullable(),
    duration_ms: z.number().nullable(),
    request_body: z.string(),
    created_at: z.string(),
    last_attempt_at: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The body of every webhook request (Standard Webhooks' `type`, `timestamp`, `data`, plus ours). */
export const webhookPayloadSchema = z
  .object({
    id: z.string().describe('The message id, equal to the webhook-id header'),
    type: z.enum([...WEBHOOK_EVENT_TYPES, 'webhook.test']),
    version: z.literal(WEBHOOK_PAYLOAD_VERSION),
    timestamp: z.string().describe('When the change happened (ISO 8601, UTC)'),
    account_id: z.string(),
    data: z
      .record(z.string(), z.unknown())
      .describe(
        'The resource as it is when the message is built: an order (`object: "order"`), attendee, check_in, event, ticket or waitlist_entry; `object` names it',
      ),
  })
  .meta({ id: 'WebhookPayload' });
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
