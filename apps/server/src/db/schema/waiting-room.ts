import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { id, timestamps, ts } from './columns.ts';
import { eventDates } from './event-dates.ts';
import { events } from './events.ts';

/**
 * A waiting room: an event's (every date), or one date's (#27), with its settings and the admission
 * ticker's state (no row = no room). `room` is its key: the date's id, or the event's.
 */
export const waitingRooms = pgTable('waiting_rooms', {
  room: uuid('room').primaryKey(),
  event_id: uuid('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  event_date_id: uuid('event_date_id').references(() => eventDates.id, { onDelete: 'cascade' }),
  account_id: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  opens_at: ts('opens_at').notNull(),
  rate_per_minute: integer('rate_per_minute').notNull(),
  paused: boolean('paused').notNull().default(false),
  /** When the ticker opened the room (shuffled the pre-queue); null before. */
  opened_at: ts('opened_at'),
  /** When the room closed itself because the event sold out; null while it admits. */
  closed_at: ts('closed_at'),
  /** Admissions earned by elapsed time and not yet given (the fraction carried between ticks). */
  credit: doublePrecision('credit').notNull().default(0),
  last_tick_at: ts('last_tick_at'),
  ...timestamps,
});

/** Places of post-opening arrivals, in arrival order (shared by every room: only the order matters). */
export const waitingRoomPositions = pgSequence('waiting_room_position_seq', { startWith: 1 });

/**
 * One device in one room's line (`room`: the room's key). `position` orders the line: the pre-queue's shuffled places are
 * negative (-n..-1), later arrivals take the next value of a sequence (positive, in arrival order).
 */
export const waitingRoomVisitors = pgTable(
  'waiting_room_visitors',
  {
    id: id(),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    room: uuid('room').notNull(),
    /** SHA-256 of the device token (the cookie); the token itself is never stored. */
    device_hash: text('device_hash').notNull(),
    joined_at: ts('joined_at').notNull().defaultNow(),
    position: bigint('position', { mode: 'number' }),
    admitted_at: ts('admitted_at'),
    /** The admission pass's id (what the reservation consumes) and when the turn lapses. */
    pass_id: uuid('pass_id'),
    pass_expires_at: ts('pass_expires_at'),
    used_at: ts('used_at'),
  },
  (t) => [
    uniqueIndex('waiting_room_visitors_room_device_uq').on(t.room, t.device_hash),
    uniqueIndex('waiting_room_visitors_pass_uq').on(t.pass_id),
    index('waiting_room_visitors_room_line_idx').on(t.room, t.position).where(sql`${t.admitted_at} IS NULL`),
    index('waiting_room_visitors_room_admitted_idx').on(t.room, t.admitted_at),
    index('waiting_room_visitors_event_idx').on(t.event_id),
  ],
);
