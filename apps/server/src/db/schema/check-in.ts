import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { id, timestamps, ts } from './columns.ts';
import { eventDates } from './event-dates.ts';
import { events } from './events.ts';
import { attendees } from './orders.ts';

/**
 * A check-in list: door staff open `/check-in/{short_id}` without login and check attendees in. It covers
 * the tickets in `ticket_ids` (empty = every ticket of the event) between `activates_at` and `expires_at`.
 */
export const checkInLists = pgTable(
  'check_in_lists',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    short_id: text('short_id').notNull(),
    name: text('name').notNull(),
    ticket_ids: jsonb('ticket_ids').$type<string[]>().notNull().default([]),
    activates_at: ts('activates_at'),
    expires_at: ts('expires_at'),
    /** The one date this list admits (null: every date of the event). */
    event_date_id: uuid('event_date_id').references(() => eventDates.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('check_in_lists_short_id_unique').on(t.short_id),
    index('check_in_lists_event_idx').on(t.event_id),
  ],
);

/**
 * One attendee let in through one list. The unique index makes a double check-in impossible, even racing.
 * `client_id` is the door device's id for the scan (a batch sent twice checks in once); `scanned_at` is
 * when the door scanned, which may be long before an offline device uploads it.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    check_in_list_id: uuid('check_in_list_id')
      .notNull()
      .references(() => checkInLists.id, { onDelete: 'cascade' }),
    attendee_id: uuid('attendee_id')
      .notNull()
      .references(() => attendees.id, { onDelete: 'cascade' }),
    client_id: text('client_id'),
    scanned_at: ts('scanned_at').notNull().defaultNow(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('check_ins_list_attendee_unique').on(t.check_in_list_id, t.attendee_id),
    uniqueIndex('check_ins_list_client_unique').on(t.check_in_list_id, t.client_id),
    index('check_ins_event_idx').on(t.event_id),
    // An attendee's check-ins (their detail, and the "checked in" column of lists and exports).
    index('check_ins_attendee_idx').on(t.attendee_id, t.created_at),
  ],
);

/**
 * A scan a door admitted while offline that the server could not keep: the attendee was already let in
 * by an earlier scan (first by scan time wins), or had been cancelled or left unpaid meanwhile. Kept so the
 * organizer sees it on the list's page: nothing a door did is dropped.
 */
export const checkInConflicts = pgTable(
  'check_in_conflicts',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    check_in_list_id: uuid('check_in_list_id')
      .notNull()
      .references(() => checkInLists.id, { onDelete: 'cascade' }),
    attendee_id: uuid('attendee_id')
      .notNull()
      .references(() => attendees.id, { onDelete: 'cascade' }),
    reason: text('reason', {
      enum: [
        'ALREADY_CHECKED_IN',
        'CANCELLED',
        'AWAITING_PAYMENT',
        'NOT_COVERED',
        'TRANSFERRED',
        'WRONG_DATE',
      ],
    }).notNull(),
    client_id: text('client_id').notNull(),
    scanned_at: ts('scanned_at').notNull(),
    /** For ALREADY_CHECKED_IN: when the kept (earlier) scan happened. */
    kept_scanned_at: ts('kept_scanned_at'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('check_in_conflicts_list_client_unique').on(t.check_in_list_id, t.client_id),
    index('check_in_conflicts_event_idx').on(t.event_id),
  ],
);
