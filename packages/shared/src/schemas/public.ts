import { z } from 'zod';
import {
  ATTENDEE_STATUSES,
  ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  PROMO_DISCOUNT_TYPES,
  REFUND_STATUSES,
  TICKET_PRICE_TYPES,
} from '../enums.ts';
import { eventDateRefSchema, publicEventDateSchema } from './event-dates.ts';

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

export const saleStateSchema = z.enum(['ON_SALE', 'NOT_STARTED', 'ENDED', 'SOLD_OUT']);
export type SaleState = z.infer<typeof saleStateSchema>;

export const publicTaxOrFeeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(['TAX', 'FEE']),
    calculation: z.enum(['PERCENTAGE', 'FIXED']),
    /** Basis points for PERCENTAGE (2100 = 21 %), minor units for FIXED. */
    value: z.number(),
  })
  .meta({ id: 'PublicTaxOrFee' });
export type PublicTaxOrFee = z.infer<typeof publicTaxOrFeeSchema>;

export const publicPriceSchema = z
  .object({
    id: z.string(),
    label: z.string().nullable(),
    /** For DONATION tickets, the minimum. */
    price_cents: z.number(),
    sale_state: saleStateSchema,
    sale_start_date: z.string().nullable(),
    sale_end_date: z.string().nullable(),
    /** Units left for this tier (after every limit), null when unlimited. */
    quantity_remaining: z.number().nullable(),
  })
  .meta({ id: 'PublicPrice' });
export type PublicPrice = z.infer<typeof publicPriceSchema>;

export const publicTicketSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    price_type: z.enum(TICKET_PRICE_TYPES),
    min_per_order: z.number(),
    max_per_order: z.number(),
    sale_state: saleStateSchema,
    sale_start_date: z.string().nullable(),
    sale_end_date: z.string().nullable(),
    show_quantity_remaining: z.boolean(),
    /** Sold out → the page offers to join the waiting list instead of the stepper. */
    waitlist_enabled: z.boolean(),
    /** Units left for the ticket (min over tiers, ticket-level and capacity limits), null when unlimited. */
    quantity_remaining: z.number().nullable(),
    prices: z.array(publicPriceSchema),
    taxes_and_fees: z.array(publicTaxOrFeeSchema),
    /** True when shown only because the promo code in the request unlocks it. */
    unlocked_by_promo_code: z.boolean(),
  })
  .meta({ id: 'PublicTicket' });
export type PublicTicket = z.infer<typeof publicTicketSchema>;

export const publicQuestionSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    type: z.string(),
    belongs_to: z.enum(['ORDER', 'ATTENDEE']),
    ticket_ids: z.array(z.string()),
    options: z.array(z.string()),
    required: z.boolean(),
  })
  .meta({ id: 'PublicQuestion' });
export type PublicQuestion = z.infer<typeof publicQuestionSchema>;

export const publicImageSchema = z
  .object({
    url: z.string(),
    width: z.number(),
    height: z.number(),
    /** WebP variants, smallest first. */
    srcset: z.array(
      z.object({
        width: z.number(),
        url: z.string(),
      }),
    ),
  })
  .meta({ id: 'PublicImage' });
export type PublicImage = z.infer<typeof publicImageSchema>;

export const publicEventSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    /** Sanitized HTML. */
    description: z.string().nullable(),
    status: z.literal('LIVE'),
    start_date: z.string(),
    end_date: z.string().nullable(),
    timezone: z.string(),
    currency: z.string(),
    location: z.record(z.string(), z.string().optional()),
    organizer: z.object({
      id: z.string(),
      name: z.string(),
      website: z.string().nullable(),
      email: z.string().nullable(),
    }),
    cover: publicImageSchema.nullable(),
    order_timeout_minutes: z.number(),
    settings: z.object({
      attendee_details_mode: z.enum(['PER_TICKET', 'PER_ORDER']),
      payment_providers: z.array(z.enum(PAYMENT_PROVIDERS)),
      offline_payment_instructions: z.string().nullable(),
      post_checkout_message: z.string().nullable(),
      allow_indexing: z.boolean(),
      seo_title: z.string().nullable(),
      seo_description: z.string().nullable(),
      seo_keywords: z.string().nullable(),
      support_email: z.string().nullable(),
      /** The event issues invoices: the checkout offers «Necesito factura». */
      invoicing: z.boolean(),
      /** Homepage designer colours when set (hex). */
      colors: z
        .object({
          primary: z.string().optional(),
          background: z.string().optional(),
          text: z.string().optional(),
        })
        .optional(),
    }),
    tickets: z.array(publicTicketSchema),
    questions: z.array(publicQuestionSchema),
    /**
     * The event's next upcoming dates (at most MAX_PUBLIC_DATES, soonest first; empty for a single-date
     * event) and how many upcoming dates it has in all (more: ask /dates by range).
     */
    dates: z.array(publicEventDateSchema),
    dates_total: z.number(),
    /**
     * The date the tickets' sale states and quantities are for: the `date` asked for, else the first
     * upcoming date on sale; null for a single-date event (or when no date is on sale).
     */
    date_id: z.string().nullable(),
    /** The date asked for, as `dates` presents one: also when it is past the first ones listed. */
    date: publicEventDateSchema.nullable(),
    /** The promo code sent in the request, when it is valid for this event. */
    promo_code: z
      .object({
        code: z.string(),
        discount_type: z.enum(PROMO_DISCOUNT_TYPES),
        discount: z.number(),
        ticket_ids: z.array(z.string()),
      })
      .nullable(),
    /**
     * The promo code sent is valid, but not on this date (#27: it is limited to other dates); then
     * `promo_code` is null.
     */
    promo_code_other_dates: z.boolean(),
  })
  .meta({ id: 'PublicEvent' });
export type PublicEvent = z.infer<typeof publicEventSchema>;

export const publicOrderItemSchema = z
  .object({
    id: z.string(),
    ticket_id: z.string(),
    price_id: z.string(),
    ticket_name: z.string(),
    price_label: z.string().nullable(),
    quantity: z.number(),
    unit_price_cents: z.number(),
    unit_discount_cents: z.number(),
    taxes_cents: z.number(),
    fees_cents: z.number(),
    total_cents: z.number(),
  })
  .meta({ id: 'PublicOrderItem' });
export type PublicOrderItem = z.infer<typeof publicOrderItemSchema>;

export const publicAttendeeSchema = z
  .object({
    short_id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    ticket_id: z.string(),
    ticket_name: z.string(),
    price_label: z.string().nullable(),
    status: z.enum(ATTENDEE_STATUSES),
    event_date: eventDateRefSchema.nullable(),
    /** SVG of the QR code (present once the order holds its tickets and this one is paid: ACTIVE). */
    qr_svg: z.string().optional(),
  })
  .meta({ id: 'PublicAttendee' });
export type PublicAttendee = z.infer<typeof publicAttendeeSchema>;

/** An order's states and its buyer, as every answer about an order gives them (public and back office). */
export const orderStatesAndBuyer = {
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES).nullable(),
  refund_status: z.enum(REFUND_STATUSES).nullable(),
  payment_provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
};

export const publicOrderSchema = z
  .object({
    short_id: z.string(),
    event_id: z.string(),
    ...orderStatesAndBuyer,
    reserved_until: z.string(),
    currency: z.string(),
    subtotal_cents: z.number(),
    discount_cents: z.number(),
    taxes_cents: z.number(),
    fees_cents: z.number(),
    total_cents: z.number(),
    promo_code: z.string().nullable(),
    /** The date the order is for; null on a single-date event. */
    event_date: eventDateRefSchema.nullable(),
    items: z.array(publicOrderItemSchema),
    attendees: z.array(publicAttendeeSchema),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'PublicOrder' });
export type PublicOrder = z.infer<typeof publicOrderSchema>;
