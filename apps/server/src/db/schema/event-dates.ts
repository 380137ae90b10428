import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { id, timestamps, ts } from './columns.ts';
import { type EventLocation, events } from './events.ts';

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
    ...timestamps,
  },
  (t) => [
    index('event_dates_event_start_idx').on(t.event_id, t.starts_at),
    index('event_dates_account_idx').on(t.account_id),
  ],
);
