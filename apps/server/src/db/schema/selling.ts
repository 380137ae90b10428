import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { id, timestamps, ts } from './columns.ts';
import { events, taxesAndFees } from './events.ts';

export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type', { enum: ['TICKET'] })
      .notNull()
      .default('TICKET'),
    price_type: text('price_type', { enum: ['PAID', 'FREE', 'DONATION', 'TIERED'] }).notNull(),
    min_per_order: integer('min_per_order').notNull().default(1),
    max_per_order: integer('max_per_order').notNull().default(100),
    sale_start_date: ts('sale_start_date'),
    sale_end_date: ts('sale_end_date'),
    is_hidden: boolean('is_hidden').notNull().default(false),
    hidden_unless_promo_code: boolean('hidden_unless_promo_code').notNull().default(false),
    hide_before_sale_start: boolean('hide_before_sale_start').notNull().default(false),
    hide_after_sale_end: boolean('hide_after_sale_end').notNull().default(false),
    hide_when_sold_out: boolean('hide_when_sold_out').notNull().default(false),
    show_quantity_remaining: boolean('show_quantity_remaining').notNull().default(false),
    /** Sold out → buyers can join the waiting list (modules/waitlist). */
    waitlist_enabled: boolean('waitlist_enabled').notNull().default(false),
    sort_order: integer('sort_order').notNull().default(0),
    deleted_at: ts('deleted_at'),
    ...timestamps,
  },
  (t) => [index('tickets_event_idx').on(t.event_id, t.sort_order)],
);

/** A price tier of a ticket. PAID/FREE/DONATION tickets have exactly one; TIERED have several. */
export const ticketPrices = pgTable(
  'ticket_prices',
  {
    id: id(),
    ticket_id: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    label: text('label'),
    /** For DONATION, the minimum amount. */
    price_cents: integer('price_cents').notNull(),
    /** Units on sale; null means unlimited. */
    quantity: integer('quantity'),
    sale_start_date: ts('sale_start_date'),
    sale_end_date: ts('sale_end_date'),
    is_hidden: boolean('is_hidden').notNull().default(false),
    sort_order: integer('sort_order').notNull().default(0),
    deleted_at: ts('deleted_at'),
    ...timestamps,
  },
  (t) => [index('ticket_prices_ticket_idx').on(t.ticket_id)],
);

export const ticketTaxes = pgTable(
  'ticket_taxes',
  {
    ticket_id: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tax_id: uuid('tax_id')
      .notNull()
      .references(() => taxesAndFees.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ticket_id, t.tax_id] })],
);

export const capacityAssignments = pgTable(
  'capacity_assignments',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    ...timestamps,
  },
  (t) => [index('capacity_event_idx').on(t.event_id)],
);

export const capacityAssignmentTickets = pgTable(
  'capacity_assignment_tickets',
  {
    capacity_assignment_id: uuid('capacity_assignment_id')
      .notNull()
      .references(() => capacityAssignments.id, { onDelete: 'cascade' }),
    ticket_id: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.capacity_assignment_id, t.ticket_id] }),
    index('capacity_tickets_ticket_idx').on(t.ticket_id),
  ],
);

/**
 * Promo codes. `discount`: minor units per ticket for FIXED, whole percent (0–100) for PERCENTAGE, unused for NONE.
 * `ticket_ids` empty means every ticket of the event. Uses are counted from completed/held orders, not stored.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** lower(code): codes are case-insensitive and unique per event. */
    code_normalized: text('code_normalized').notNull(),
    discount_type: text('discount_type', { enum: ['NONE', 'FIXED', 'PERCENTAGE'] }).notNull(),
    discount: integer('discount').notNull().default(0),
    ticket_ids: jsonb('ticket_ids').$type<string[]>().notNull().default([]),
    /**
     * The event dates the code may be used on (#27); empty: every date. Checked when an order is priced
     * (checkout.service `priceOrder`), like `ticket_ids`.
     */
    event_date_ids: jsonb('event_date_ids').$type<string[]>().notNull().default([]),
    expiry_date: ts('expiry_date'),
    max_uses: integer('max_uses'),
    ...timestamps,
  },
  (t) => [uniqueIndex('promo_codes_event_code_unique').on(t.event_id, t.code_normalized)],
);

export const questions = pgTable(
  'questions',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    type: text('type', {
      enum: [
        'SINGLE_LINE_TEXT',
        'MULTI_LINE_TEXT',
        'CHECKBOX',
        'RADIO',
        'DROPDOWN',
        'MULTI_SELECT',
        'DATE',
        'PHONE',
        'ADDRESS',
      ],
    }).notNull(),
    belongs_to: text('belongs_to', { enum: ['ORDER', 'ATTENDEE'] }).notNull(),
    /** For ATTENDEE questions: the tickets whose attendees are asked; empty = all. */
    ticket_ids: jsonb('ticket_ids').$type<string[]>().notNull().default([]),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    is_hidden: boolean('is_hidden').notNull().default(false),
    /** ATTENDEE questions only: the door shows the answer next to the name (check-in). */
    show_at_door: boolean('show_at_door').notNull().default(false),
    sort_order: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('questions_event_idx').on(t.event_id, t.sort_order)],
);

export const affiliates = pgTable(
  'affiliates',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    email: text('email'),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    ...timestamps,
  },
  (t) => [uniqueIndex('affiliates_event_code_unique').on(t.event_id, t.code)],
);
