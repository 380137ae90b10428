import { boolean, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { id, timestamps, ts } from './columns.ts';
import { eventDates } from './event-dates.ts';
import { events } from './events.ts';
import { orders } from './orders.ts';
import { ticketPrices, tickets } from './selling.ts';

const WAITLIST_STATES = ['WAITING', 'OFFERED', 'PURCHASED', 'EXPIRED', 'LEFT'] as const;

/** A buyer waiting for units of a sold-out ticket (tier), on one date when the event has dates; offered in sign-up order (`id` breaks ties). */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticket_id: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    price_id: uuid('price_id')
      .notNull()
      .references(() => ticketPrices.id, { onDelete: 'cascade' }),
    /**
     * The date waited for, on an event with dates (#27): offers come only from units free on that date.
     * Null on a single-date event.
     */
    event_date_id: uuid('event_date_id').references(() => eventDates.id, { onDelete: 'cascade' }),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull().default(''),
    email: text('email').notNull(),
    quantity: integer('quantity').notNull(),
    locale: text('locale').notNull().default('es'),
    state: text('state', { enum: WAITLIST_STATES }).notNull().default('WAITING'),
    /** The hash of the secret in the "leave the list" link. */
    leave_token_hash: text('leave_token_hash').notNull(),
    /** The RESERVED order holding the offered units. */
    order_id: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    offered_at: ts('offered_at'),
    offer_expires_at: ts('offer_expires_at'),
    left_at: ts('left_at'),
    ...timestamps,
  },
  (t) => [
    unique('waitlist_entries_price_date_email_uq')
      .on(t.price_id, t.event_date_id, t.email)
      .nullsNotDistinct(),
    index('waitlist_entries_ticket_state_idx').on(t.ticket_id, t.state, t.created_at),
    index('waitlist_entries_event_idx').on(t.event_id, t.created_at),
  ],
);

/** The event's waiting list settings (no row = the defaults). */
export const waitlistSettings = pgTable('waitlist_settings', {
  event_id: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  offer_minutes: integer('offer_minutes')
    .notNull()
    .default(24 * 60),
  auto_offer: boolean('auto_offer').notNull().default(true),
  ...timestamps,
});
