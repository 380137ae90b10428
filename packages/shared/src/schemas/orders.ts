/**
 * What an organizer does to an order after the sale: refund, cancel, create by hand, edit, and the order's
 * refunds and activity log as the drawer shows them. Amounts are integer minor units.
 */
import { z } from 'zod';
import { SUPPORTED_LOCALES } from '../enums.ts';

const cents = z.number().int().min(0).max(100_000_000);
const name = z.string().trim().min(1).max(50);
const answerValue = z.union([z.string().max(5000), z.array(z.string().max(500)).max(100), z.boolean()]);
/** Answers to questions by question id, as checkout and the organizer's corrections send them. */
export const answers = z.record(z.string(), answerValue);

/**
 * What the caller may do to an order now (the server's order-lifecycle rules and the caller's
 * permission): the web shows a button only when its action is true.
 */
export const orderActionsSchema = z
  .object({
    refund: z.boolean(),
    cancel: z.boolean(),
    edit: z.boolean(),
    resend: z.boolean(),
    mark_paid: z.boolean(),
    /** Write the organizer's internal notes (any state of the order). */
    notes: z.boolean(),
  })
  .meta({ id: 'OrderActions' });
export type OrderActions = z.infer<typeof orderActionsSchema>;

/** What the caller may do to an attendee now (edit: correct the holder's details). */
export const attendeeActionsSchema = z
  .object({
    cancel: z.boolean(),
    reactivate: z.boolean(),
    resend: z.boolean(),
    edit: z.boolean(),
  })
  .meta({ id: 'AttendeeActions' });
export type AttendeeActions = z.infer<typeof attendeeActionsSchema>;

/** POST events/{id}/orders/{orderId}/refund */
export const refundOrderInput = z.strictObject({
  amount_cents: z.number().int().min(1, { error: 'orders.refund_amount_positive' }).max(100_000_000),
  cancel_order: z.boolean().default(false),
  notify_buyer: z.boolean().default(true),
  reason: z.string().trim().max(500).optional().nullable(),
});
export type RefundOrderInput = z.infer<typeof refundOrderInput>;

/** POST events/{id}/orders/{orderId}/cancel */
export const cancelOrderInput = z.strictObject({ notify_buyer: z.boolean().default(true) });
export type CancelOrderInput = z.infer<typeof cancelOrderInput>;

/** The tickets of a manual order: any ticket of the event, by price tier. */
const manualOrderLines = z
  .array(
    z.strictObject({
      ticket_id: z.uuid({ error: 'orders.ticket_required' }),
      price_id: z.uuid({ error: 'orders.ticket_required' }),
      quantity: z.number().int().min(1).max(1000),
    }),
  )
  .min(1)
  .max(50);

/** POST events/{id}/orders: a sale by phone, at the box office, or complimentary tickets. */
export const manualOrderInput = z.strictObject({
  buyer: z.strictObject({
    first_name: name,
    last_name: name,
    email: z.email().max(254),
  }),
  tickets: manualOrderLines,
  /** One per ticket unit, in the order of `tickets`; omitted, the buyer holds every ticket. */
  attendees: z
    .array(z.strictObject({ first_name: name, last_name: name, email: z.email().max(254) }))
    .max(1000)
    .optional(),
  /**
   * What the buyer paid at the box office. Required unless `complimentary`: an order is never free by
   * omission (0 sent explicitly still makes the tickets complimentary, as it always did).
   */
  amount_paid_cents: cents.optional(),
  /** Complimentary tickets (invitations): nothing is paid and the lines are free. */
  complimentary: z.boolean().optional(),
  send_emails: z.boolean().default(true),
  locale: z.enum(SUPPORTED_LOCALES).optional(),
  /** The date sold, required on an event with dates (#27). */
  event_date_id: z.uuid().nullish(),
});
export type ManualOrderInput = z.infer<typeof manualOrderInput>;

/** POST events/{id}/orders/price: what the tickets of a manual order cost, as the server prices them. */
export const manualOrderPriceInput = z.strictObject({
  tickets: manualOrderLines,
  event_date_id: z.uuid().nullish(),
});
export type ManualOrderPriceInput = z.infer<typeof manualOrderPriceInput>;

/** PUT events/{id}/orders/{orderId}: the buyer's name, e-mail and the order's answers. */
export const orderUpdateInput = z.strictObject({
  first_name: name,
  last_name: name,
  email: z.email().max(254),
  answers: answers.optional(),
});
export type OrderUpdateInput = z.infer<typeof orderUpdateInput>;

/** Longest organizer note on an order. */
export const MAX_ORDER_NOTES = 5000;

/** PUT events/{id}/orders/{orderId}/notes: the organizer's internal notes (empty clears them). */
export const orderNotesInput = z.strictObject({
  notes: z.string().max(MAX_ORDER_NOTES, { error: 'orders.notes_too_long' }),
});
export type OrderNotesInput = z.infer<typeof orderNotesInput>;

export const REFUND_STATES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export const ORDER_ACTIVITY_KINDS = [
  'CREATED',
  'PAID',
  'EMAIL_QUEUED',
  'EMAIL_SENT',
  'EMAIL_FAILED',
  'EDITED',
  'REFUND_REQUESTED',
  'REFUNDED',
  'REFUND_FAILED',
  'CANCELLED',
  'ATTENDEE_CANCELLED',
  'ATTENDEE_REACTIVATED',
  'TICKET_TRANSFERRED',
  'HOLDER_EDITED',
  'NOTES_EDITED',
  'ATTENDEE_EDITED',
  'DATE_CHANGED',
] as const;
export type OrderActivityKind = (typeof ORDER_ACTIVITY_KINDS)[number];

/** Which of an order's e-mails one is: what its activity lines and its failed-e-mail rows say. */
export const ORDER_EMAIL_KINDS = [
  'CONFIRMATION',
  'TICKET',
  'OFFLINE_INSTRUCTIONS',
  'REFUND',
  'REFUNDED',
  'CANCELLED',
  'DATE_CHANGED',
] as const;
export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

export const orderRefundSchema = z
  .object({
    id: z.string(),
    provider: z.string(),
    provider_ref: z.string().nullable(),
    status: z.enum(REFUND_STATES),
    amount_cents: z.number(),
    currency: z.string(),
    reason: z.string().nullable(),
    failure_reason: z.string().nullable(),
    created_by: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'OrderRefund' });
export type OrderRefund = z.infer<typeof orderRefundSchema>;

export const orderActivitySchema = z
  .object({
    id: z.string(),
    kind: z.enum(ORDER_ACTIVITY_KINDS),
    /** The organizer's name, or null for the buyer or the system. */
    user_name: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    created_at: z.string(),
  })
  .meta({ id: 'OrderActivity' });
export type OrderActivity = z.infer<typeof orderActivitySchema>;

/** A question as the drawer and the exports show its answers (and the order's edit form asks it). */
export const answeredQuestionSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    belongs_to: z.enum(['ORDER', 'ATTENDEE']),
    type: z.string(),
    options: z.array(z.string()),
    required: z.boolean(),
  })
  .meta({ id: 'AnsweredQuestion' });
export type AnsweredQuestion = z.infer<typeof answeredQuestionSchema>;

/** What a manual order's tickets cost: the catalogue price with taxes and fees, as checkout prices it. */
export const manualOrderPriceSchema = z
  .object({
    total_cents: z.number(),
    currency: z.string(),
  })
  .meta({ id: 'ManualOrderPrice' });
export type ManualOrderPrice = z.infer<typeof manualOrderPriceSchema>;

/** Where an e-mail is: queued (being tried, maybe again after a refusal), accepted by the mail server, given up. */
export const EMAIL_STATES = ['QUEUED', 'SENT', 'FAILED'] as const;
export type EmailState = (typeof EMAIL_STATES)[number];

/** One of an order's e-mails, as the organizer sees it (the drawer, the failed e-mails of an event). */
export const orderEmailSchema = z
  .object({
    id: z.number().int(),
    order_id: z.string().nullable(),
    kind: z.enum(ORDER_EMAIL_KINDS).nullable(),
    to: z.string(),
    subject: z.string(),
    status: z.enum(EMAIL_STATES),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    queued_at: z.string(),
    sent_at: z.string().nullable(),
    failed_at: z.string().nullable(),
    actions: z.object({ retry: z.boolean() }),
  })
  .meta({ id: 'OrderEmail' });
export type OrderEmail = z.infer<typeof orderEmailSchema>;
