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
    order_statuses: z.array(z.enum(MESSAGE_ORDER_STATUSES)).min(1).optional(),
  })
  .superRefine((a, ctx) => {
    if ((a.type === 'TICKET_HOLDERS' || a.type === 'TICKET_ORDER_OWNERS') && !a.ticket_ids?.length)
      ctx.addIssue({ code: 'custom', path: ['ticket_ids'], message: 'messages.tickets_required' });
    if (a.type === 'INDIVIDUAL_ATTENDEES' && !a.attendee_ids?.length)
      ctx.addIssue({ code: 'custom', path: ['attendee_ids'], message: 'messages.attendees_required' });
  });
export type MessageAudience = z.infer<typeof messageAudience>;

export const messageInput = z.strictObject({
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
  send_at: z.iso.datetime({ offset: true }).nullish(),
  /** Sends only to the caller, to see how it looks; nothing is recorded. */
  is_test: z.boolean().optional(),
  acknowledged: z.literal(true, { error: 'messages.acknowledge_required' }),
});
export type MessageInput = z.infer<typeof messageInput>;

export interface MessageAuthor {
  id: string;
  first_name: string;
  last_name: string;
}

export interface Message {
  id: string;
  event_id: string;
  subject: string;
  body: string;
  audience: MessageAudience;
  status: MessageStatus;
  send_at: string;
  sent_at: string | null;
  author: MessageAuthor | null;
  recipients_count: number;
  sent_count: number;
  failed_count: number;
  created_at: string;
}

/** POST events/{id}/messages/audience: how many distinct addresses the audience reaches now. */
export interface AudienceCount {
  recipients_count: number;
}

/** POST events/{id}/messages with is_test: where the test copy went. */
export interface MessageTestResult {
  is_test: true;
  sent_to: string;
}
