import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { id, timestamps, ts } from './columns.ts';
import { type EventLocation, events } from './events.ts';
import { ticketPrices } from './selling.ts';

/**
 * The dates (occurrences) of an event: an event without any is a single-date event, as before #27. Two
 * dates of an event never start at once: the event-dates service checks it under the event's row lock (a
 * unique index would refuse a bulk time shift halfway, row by row).
 */
export const eventDates = pgTable(
  'event_dates',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    starts_at: ts('starts_at').notNull(),
    ends_at: ts('ends_at'),
    /** Where this date happens when not at the event's venue (a tour); null: the event's location. */
    location: jsonb('location').$type<EventLocation>(),
    status: text('status', { enum: ['ON_SALE', 'SOLD_OUT', 'CANCELLED', 'HIDDEN'] })
      .notNull()
      .default('ON_SALE'),
    /** Units this date may sell at most, across its tickets; null: only the tickets' own limits. */
    capacity: integer('capacity'),
    /**
     * This date's own sale window (both optional): before `sale_starts_at` and from `sale_ends_at` on,
     * buyers cannot order it (the box office still can), on top of the tickets' own windows.
     */
    sale_starts_at: ts('sale_starts_at'),
    sale_ends_at: ts('sale_ends_at'),
    ...timestamps,
  },
  (t) => [
    index('event_dates_event_start_idx').on(t.event_id, t.starts_at),
    index('event_dates_account_idx').on(t.account_id),
  ],
);

/**
 * A date's own price for a ticket's price row (a FIXED/DONATION ticket's one price, or one tier of a
 * TIERED ticket): what buyers pay on that date instead of the ticket's price (a donation's minimum).
 * No row: the ticket's price. Rows go with their date or their price.
 */
export const eventDatePrices = pgTable(
  'event_date_prices',
  {
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_date_id: uuid('event_date_id')
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
    price_id: uuid('price_id')
      .notNull()
      .references(() => ticketPrices.id, { onDelete: 'cascade' }),
    price_cents: integer('price_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.event_date_id, t.price_id] }),
    index('event_date_prices_account_idx').on(t.account_id),
    index('event_date_prices_price_idx').on(t.price_id),
  ],
);
