import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { id, timestamps, ts } from './columns.ts';
import { eventDates } from './event-dates.ts';
import { events } from './events.ts';
import { affiliates, promoCodes, ticketPrices, tickets } from './selling.ts';

/**
 * An order. Units count against limits while status is COMPLETED or AWAITING_OFFLINE_PAYMENT, or RESERVED
 * with reserved_until in the future: expiry is computed, never swept.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    short_id: text('short_id').notNull(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The date bought, for an event with dates (#27); null for a single-date event. */
    event_date_id: uuid('event_date_id').references(() => eventDates.id),
    status: text('status', {
      enum: ['RESERVED', 'COMPLETED', 'AWAITING_OFFLINE_PAYMENT', 'CANCELLED', 'ABANDONED'],
    })
      .notNull()
      .default('RESERVED'),
    payment_status: text('payment_status', {
      enum: ['NO_PAYMENT_REQUIRED', 'AWAITING_PAYMENT', 'PAYMENT_FAILED', 'PAYMENT_RECEIVED'],
    }),
    refund_status: text('refund_status', {
      enum: ['REFUND_PENDING', 'REFUND_FAILED', 'REFUNDED', 'PARTIALLY_REFUNDED'],
    }),
    payment_provider: text('payment_provider'),
    reserved_until: ts('reserved_until').notNull(),
    /** When the buyer asked for more time (once per reservation); null until then. */
    reservation_extended_at: ts('reservation_extended_at'),
    first_name: text('first_name'),
    last_name: text('last_name'),
    email: text('email'),
    locale: text('locale').notNull().default('es'),
    currency: text('currency').notNull(),
    subtotal_cents: integer('subtotal_cents').notNull(),
    discount_cents: integer('discount_cents').notNull().default(0),
    taxes_cents: integer('taxes_cents').notNull().default(0),
    fees_cents: integer('fees_cents').notNull().default(0),
    total_cents: integer('total_cents').notNull(),
    promo_code_id: uuid('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    promo_code: text('promo_code'),
    affiliate_id: uuid('affiliate_id').references(() => affiliates.id, { onDelete: 'set null' }),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    /** The organizer's internal notes on the order: never shown to the buyer, never sent anywhere. */
    organizer_notes: text('organizer_notes').notNull().default(''),
    /**
     * Attendee details given at checkout, kept until the order completes (or awaits offline payment) and
     * the attendee rows are created from them: [{ ticket_id, price_id, first_name, last_name, email, answers }].
     */
    pending_attendees: jsonb('pending_attendees').$type<Record<string, unknown>[]>().notNull().default([]),
    is_manual: boolean('is_manual').notNull().default(false),
    /** «Necesito factura»: { name, tax_id, address } for a full invoice; null for a simplified one. */
    invoice_details: jsonb('invoice_details').$type<Record<string, unknown>>(),
    /**
     * Who holds a buyer's reservation: a keyed hash of the client's address (its /64 for IPv6), never the
     * address itself. Units held per address and event are limited (RESERVATION_UNITS_PER_ADDRESS).
     */
    held_by: text('held_by'),
    completed_at: ts('completed_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_short_id_unique').on(t.short_id),
    index('orders_event_status_idx').on(t.event_id, t.status),
    index('orders_event_date_idx').on(t.event_date_id),
    index('orders_promo_idx').on(t.promo_code_id),
    index('orders_held_by_idx')
      .on(t.event_id, t.held_by)
      .where(sql`${t.status} = 'RESERVED' AND ${t.held_by} IS NOT NULL`),
  ],
);

/** A line of an order: price, discount, taxes and fees as stored at purchase time (per unit and totals). */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticket_id: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id),
    price_id: uuid('price_id')
      .notNull()
      .references(() => ticketPrices.id),
    ticket_name: text('ticket_name').notNull(),
    price_label: text('price_label'),
    quantity: integer('quantity').notNull(),
    unit_price_cents: integer('unit_price_cents').notNull(),
    unit_discount_cents: integer('unit_discount_cents').notNull().default(0),
    taxes_cents: integer('taxes_cents').notNull().default(0),
    fees_cents: integer('fees_cents').notNull().default(0),
    total_cents: integer('total_cents').notNull(),
    /** The taxes and fees applied: [{ id, name, type, calculation, value, amount_cents }]. */
    taxes_and_fees: jsonb('taxes_and_fees').$type<Record<string, unknown>[]>().notNull().default([]),
    /**
     * Until when this line's units count against the limits, copied from its order by database triggers
     * (migration 0003, `order_holds_until`): `infinity` while COMPLETED or AWAITING_OFFLINE_PAYMENT, the
     * order's reserved_until while RESERVED, `-infinity` once CANCELLED or ABANDONED. Never written by
     * the application; it lets "units held now" be one index range scan (`holds_until > now()`) instead
     * of a join with orders. A string because JavaScript dates cannot hold ±infinity.
     */
    holds_until: timestamp('holds_until', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`'-infinity'`),
    /** The order's date, copied on insert so a date's units held are one index range scan (#27). */
    event_date_id: uuid('event_date_id').references(() => eventDates.id),
  },
  (t) => [
    // An order's lines; with the units, so the reports count a sale's tickets from the index alone.
    index('order_items_order_quantity_idx').on(t.order_id, t.quantity),
    // Covers the "units held now" count: ticket, then the range on holds_until, then what is summed.
    index('order_items_held_idx').on(t.ticket_id, t.holds_until, t.price_id, t.quantity),
    index('order_items_price_idx').on(t.price_id),
    index('order_items_date_held_idx')
      .on(t.event_date_id, t.holds_until, t.quantity)
      .where(sql`${t.event_date_id} IS NOT NULL`),
  ],
);

export const attendees = pgTable(
  'attendees',
  {
    id: id(),
    short_id: text('short_id').notNull(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Its order's date (#27), kept on the attendee for the door and the lists; null without dates. */
    event_date_id: uuid('event_date_id').references(() => eventDates.id),
    order_item_id: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    ticket_id: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id),
    price_id: uuid('price_id')
      .notNull()
      .references(() => ticketPrices.id),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    email: text('email').notNull(),
    status: text('status', { enum: ['ACTIVE', 'AWAITING_PAYMENT', 'CANCELLED'] }).notNull(),
    /** The random secret in the ticket's QR code; separate from short_id. */
    qr_secret: text('qr_secret').notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    /** Id of the transaction that last changed the attendee or its check-ins (set by triggers): door sync. */
    door_version: bigint('door_version', { mode: 'number' }).notNull().default(0),
    /** How many times the holder passed the ticket on (the event's transfer limit counts these). */
    transfer_count: integer('transfer_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('attendees_short_id_unique').on(t.short_id),
    index('attendees_door_version_idx').on(t.event_id, t.door_version, t.short_id),
    uniqueIndex('attendees_qr_secret_unique').on(t.qr_secret),
    index('attendees_order_idx').on(t.order_id),
    index('attendees_event_idx').on(t.event_id),
    index('attendees_event_date_idx').on(t.event_date_id),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's id (Stripe PaymentIntent id, test payment id). */
    provider_ref: text('provider_ref').notNull(),
    status: text('status', { enum: ['PENDING', 'SUCCEEDED', 'FAILED', 'REFUNDED'] }).notNull(),
    amount_cents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    failure_reason: text('failure_reason'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_provider_ref_unique').on(t.provider, t.provider_ref),
    index('payments_order_idx').on(t.order_id),
  ],
);

/** Provider webhook events already processed: a redelivered event id is ignored (idempotency). */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider').notNull(),
    event_id: text('event_id').notNull(),
    type: text('type').notNull(),
    received_at: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_webhook_events_unique').on(t.provider, t.event_id)],
);
