/**
 * Request bodies of the public order flow (checkout) and the shapes of the public ticket and the
 * organizer's order views. Amounts are integer minor units.
 */
import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_PROVIDERS } from '../enums.ts';
import { eventDateRefSchema } from './event-dates.ts';
import { invoiceDetailsSchema } from './invoices.ts';
import {
  answeredQuestionSchema,
  attendeeActionsSchema,
  orderActionsSchema,
  orderActivitySchema,
  orderRefundSchema,
} from './orders.ts';
import {
  orderStatesAndBuyer,
  publicAttendeeSchema,
  publicOrderItemSchema,
  publicOrderSchema,
} from './public.ts';
import { receiptSchema } from './receipt.ts';

const cents = z.number().int().min(0).max(100_000_000);

export const createOrderSchema = z.strictObject({
  tickets: z
    .array(
      z.strictObject({
        ticket_id: z.uuid(),
        price_id: z.uuid(),
        quantity: z.number().int().min(1).max(1000),
        /** DONATION tickets only: the amount the buyer chose (at least the minimum). */
        amount_cents: cents.optional(),
      }),
    )
    .min(1)
    .max(50),
  promo_code: z.string().trim().max(50).optional().nullable(),
  affiliate_code: z.string().trim().max(100).optional().nullable(),
  /** The date bought, on an event with dates (optional when it has exactly one on sale). */
  event_date_id: z.uuid({ error: 'event_dates.date_invalid' }).optional().nullable(),
});
export type CreateOrderInput = z.infer<typeof createOrderSchema>;

const name = z.string().trim().min(1).max(50);
const answerValue = z.union([z.string().max(5000), z.array(z.string().max(500)).max(100), z.boolean()]);
const answers = z.record(z.string(), answerValue).default({});

export const orderDetailsSchema = z.strictObject({
  first_name: name,
  last_name: name,
  email: z.email().max(254),
  email_confirmation: z.string().trim().max(254),
  answers: answers.optional(),
  /** «Necesito factura»: a full invoice made out to these details (otherwise a simplified one). */
  invoice: invoiceDetailsSchema.nullable().optional(),
  /** One entry per ticket unit; omitted (or in PER_ORDER mode) the buyer's details are copied. */
  attendees: z
    .array(
      z.strictObject({
        ticket_id: z.uuid(),
        price_id: z.uuid().optional(),
        first_name: name,
        last_name: name,
        email: z.email().max(254),
        answers: answers.optional(),
      }),
    )
    .max(1000)
    .optional(),
});
export type OrderDetailsInput = z.infer<typeof orderDetailsSchema>;

/** The confirmation repeats the e-mail (letter case aside): the rule of the details step, both ends. */
export const emailsMatch = (email: string, confirmation: string) =>
  email.trim().toLowerCase() === confirmation.trim().toLowerCase();

/**
 * The details step as the buyer's form checks it before sending: the body's schema and the e-mail
 * repeated. The server checks the same (and the answers against the questions) on the body.
 */
export const orderDetailsForm = orderDetailsSchema.superRefine((d, ctx) => {
  if (!emailsMatch(d.email, d.email_confirmation))
    ctx.addIssue({ code: 'custom', path: ['email_confirmation'], message: 'checkout.email_mismatch' });
});

export const orderPaymentSchema = z.discriminatedUnion('provider', [
  z.strictObject({ provider: z.literal('test'), card_number: z.string().trim().min(1).max(30) }),
  z.strictObject({ provider: z.literal('offline') }),
  z.strictObject({ provider: z.literal('stripe') }),
]);
export type OrderPaymentInput = z.infer<typeof orderPaymentSchema>;

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

/** The public order with what the payment step adds. */
export const checkoutOrderSchema = publicOrderSchema
  .extend({
    /** Present when the order awaits an offline payment: the event's instructions. */
    offline_payment_instructions: z.string().nullable().optional(),
    /** A placed order's receipt (absent while RESERVED, and from the answers of the steps that pay). */
    receipt: receiptSchema.optional(),
    /** A RESERVED order: whether the buyer may still ask for more time (once per reservation). */
    can_extend: z.boolean().optional(),
    /** Payment providers the buyer may choose for this order. */
    payment_providers: z.array(z.enum(PAYMENT_PROVIDERS)).optional(),
    /**
     * A RESERVED order: the answers and ticket holders the details step saved, so the form shows them
     * again when the buyer comes back to it.
     */
    saved_details: z
      .object({
        answers: z.record(z.string(), z.unknown()),
        attendees: z.array(
          z.object({
            ticket_id: z.string(),
            price_id: z.string(),
            first_name: z.string(),
            last_name: z.string(),
            email: z.string(),
            answers: z.record(z.string(), z.unknown()),
          }),
        ),
      })
      .optional(),
  })
  .meta({ id: 'CheckoutOrder' });
export type CheckoutOrder = z.infer<typeof checkoutOrderSchema>;

export const stripePaymentStartSchema = z
  .object({
    order: checkoutOrderSchema,
    stripe: z.object({
      client_secret: z.string(),
      publishable_key: z.string(),
      account_id: z.string().optional(),
    }),
  })
  .meta({ id: 'StripePaymentStart' });
export type StripePaymentStart = z.infer<typeof stripePaymentStartSchema>;

/** `GET /api/public/events/{id}/attendees/{attendeeShortId}`: one ticket. */
export const publicTicketViewSchema = publicAttendeeSchema
  .extend({
    /** Absent while the ticket awaits its (offline) payment: nothing to scan yet. */
    qr_svg: z.string().optional(),
    /** The text inside the QR code (the ticket's secret), with the same rule. */
    qr_code: z.string().optional(),
    order_short_id: z.string(),
    order_status: z.enum(ORDER_STATUSES),
    /** Ways to carry the ticket: its PDF, and the wallet passes when the installation offers them. */
    documents: z.object({
      pdf_url: z.string(),
      apple_wallet_url: z.string().nullable(),
      google_wallet_url: z.string().nullable(),
    }),
    event: z.object({
      id: z.string(),
      name: z.string(),
      slug: z.string(),
      start_date: z.string(),
      end_date: z.string().nullable(),
      timezone: z.string(),
      location: z.record(z.string(), z.string().optional()),
      organizer_name: z.string(),
    }),
  })
  .meta({ id: 'PublicTicketView' });
export type PublicTicketView = z.infer<typeof publicTicketViewSchema>;

/** Organizer's list row: `GET /api/events/{id}/orders`. */
export const organizerOrderSummarySchema = z
  .object({
    id: z.string(),
    short_id: z.string(),
    ...orderStatesAndBuyer,
    currency: z.string(),
    total_cents: z.number(),
    item_count: z.number(),
    promo_code: z.string().nullable(),
    event_date: eventDateRefSchema.nullable(),
    is_manual: z.boolean(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
    actions: orderActionsSchema,
  })
  .meta({ id: 'OrganizerOrderSummary' });
export type OrganizerOrderSummary = z.infer<typeof organizerOrderSummarySchema>;

export const organizerOrderAttendeeSchema = publicAttendeeSchema
  .omit({ qr_svg: true })
  .extend({ id: z.string(), answers: z.record(z.string(), z.unknown()), actions: attendeeActionsSchema })
  .meta({ id: 'OrganizerOrderAttendee' });
export type OrganizerOrderAttendee = z.infer<typeof organizerOrderAttendeeSchema>;

export const organizerPaymentSchema = z
  .object({
    id: z.string(),
    provider: z.string(),
    provider_ref: z.string(),
    status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED', 'REFUNDED']),
    amount_cents: z.number(),
    currency: z.string(),
    failure_reason: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'OrganizerPayment' });
export type OrganizerPayment = z.infer<typeof organizerPaymentSchema>;

/** Organizer's detail: `GET /api/events/{id}/orders/{orderId}`. */
export const organizerOrderSchema = organizerOrderSummarySchema
  .extend({
    event_id: z.string(),
    locale: z.string(),
    reserved_until: z.string(),
    subtotal_cents: z.number(),
    discount_cents: z.number(),
    taxes_cents: z.number(),
    fees_cents: z.number(),
    affiliate_id: z.string().nullable(),
    answers: z.record(z.string(), z.unknown()),
    /** The organizer's internal notes: in the back office only, never on the buyer's pages or e-mails. */
    organizer_notes: z.string(),
    items: z.array(publicOrderItemSchema),
    attendees: z.array(organizerOrderAttendeeSchema),
    payments: z.array(organizerPaymentSchema),
    refunds: z.array(orderRefundSchema),
    /** What can still be refunded: paid minus refunds made or pending. */
    refundable_cents: z.number(),
    activity: z.array(orderActivitySchema),
    /** The event's questions, to show the answers under their titles. */
    questions: z.array(answeredQuestionSchema),
  })
  .meta({ id: 'OrganizerOrder' });
export type OrganizerOrder = z.infer<typeof organizerOrderSchema>;
