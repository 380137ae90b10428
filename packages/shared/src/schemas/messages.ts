/**
 * Messages from the organizer to an event's buyers and attendees (spec §1, §2, §5): an audience, a subject
 * and a rich-text body, sent now or at a set time. Promotional use is forbidden and must be acknowledged.
 */
import { z } from 'zod';

export const AUDIENCE_TYPES = [
  'ALL_ATTENDEES',
  'TICKET_HOLDERS',
  'INDIVIDUAL_ATTENDEES',
  'ORDER_OWNERS',
  'TICKET_ORDER_OWNERS',
] as const;
export type AudienceType = (typeof AUDIENCE_TYPES)[number];

/** The order states a message may target: the orders that hold tickets. */
export const MESSAGE_ORDER_STATUSES = ['COMPLETED', 'AWAITING_OFFLINE_PAYMENT'] as const;
export type MessageOrderStatus = (typeof MESSAGE_ORDER_STATUSES)[number];

export const MESSAGE_STATUSES = ['SCHEDULED', 'SENDING', 'SENT', 'FAILED', 'CANCELLED'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const messageAudience = z
  .strictObject({
    type: z.enum(AUDIENCE_TYPES),
    ticket_ids: z.array(z.uuid()).max(500).optional(),
    attendee_ids: z.array(z.uuid()).max(5000).optional(),
    order_statuses: z
      .array(z.enum(MESSAGE_ORDER_STATUSES))
      .min(1, { error: 'messages.order_statuses_required' })
      .optional(),
    /** Only the orders of this date of the event (#27); absent: every date. */
    event_date_id: z.uuid().nullish(),
  })
  .superRefine((a, ctx) => {
    if ((a.type === 'TICKET_HOLDERS' || a.type === 'TICKET_ORDER_OWNERS') && !a.ticket_ids?.length)
      ctx.addIssue({ code: 'custom', path: ['ticket_ids'], message: 'messages.tickets_required' });
    if (a.type === 'INDIVIDUAL_ATTENDEES' && !a.attendee_ids?.length)
      ctx.addIssue({ code: 'custom', path: ['attendee_ids'], message: 'messages.attendees_required' });
  });
export type MessageAudience = z.infer<typeof messageAudience>;

export const messageInput = z
  .strictObject({
    subject: z
      .string()
      .trim()
      .min(1, { error: 'messages.subject_required' })
      .max(200, { error: 'messages.subject_too_long' }),
    body: z
      .string()
      .min(1, { error: 'messages.body_required' })
      .max(100_000, { error: 'messages.body_too_long' }),
    audience: messageAudience,
    /** ISO date-time (UTC); absent or past means now. */
    send_at: z.iso.datetime({ offset: true, error: 'messages.send_at_invalid' }).nullish(),
    /** Sends only to the caller, to see how it looks; nothing is recorded. */
    is_test: z.boolean().optional(),
    /** Required to send to buyers: the organizer confirms the message is not promotional (a test copy needs no confirmation). */
    acknowledged: z.literal(true, { error: 'messages.acknowledge_required' }).optional(),
  })
  .superRefine((m, ctx) => {
    if (!m.is_test && m.acknowledged !== true)
      ctx.addIssue({ code: 'custom', path: ['acknowledged'], message: 'messages.acknowledge_required' });
  });
export type MessageInput = z.infer<typeof messageInput>;

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

export const messageAuthorSchema = z
  .object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
  })
  .meta({ id: 'MessageAuthor' });
export type MessageAuthor = z.infer<typeof messageAuthorSchema>;

export const messageSchema = z
  .object({
    id: z.string(),
    event_id: z.string(),
    subject: z.string(),
    body: z.string(),
    audience: messageAudience,
    status: z.enum(MESSAGE_STATUSES),
    send_at: z.string(),
    sent_at: z.string().nullable(),
    author: messageAuthorSchema.nullable(),
    recipients_count: z.number(),
    sent_count: z.number(),
    failed_count: z.number(),
    created_at: z.string(),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof messageSchema>;

/** POST events/{id}/messages/audience: how many distinct addresses the audience reaches now. */
export const audienceCountSchema = z
  .object({
    recipients_count: z.number(),
  })
  .meta({ id: 'AudienceCount' });
export type AudienceCount = z.infer<typeof audienceCountSchema>;

/** POST events/{id}/messages with is_test: where the test copy went. */
export const messageTestResultSchema = z
  .object({
    is_test: z.literal(true),
    sent_to: z.string(),
  })
  .meta({ id: 'MessageTestResult' });
export type MessageTestResult = z.infer<typeof messageTestResultSchema>;

/** A recipient a message could not reach after its tries: the failed e-mails view lists and retries them. */
export const failedDeliverySchema = z
  .object({
    id: z.number().int(),
    message_id: z.string(),
    subject: z.string(),
    email: z.string(),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
  })
  .meta({ id: 'FailedDelivery' });
export type FailedDelivery = z.infer<typeof failedDeliverySchema>;

export const retriedDeliveriesSchema = z
  .object({ retried: z.number().int() })
  .meta({ id: 'RetriedDeliveries' });
