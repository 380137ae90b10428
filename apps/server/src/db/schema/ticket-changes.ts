import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { id, ts } from './columns.ts';
import { events } from './events.ts';
import { attendees, orders } from './orders.ts';

/**
 * One ticket passed from a holder to another person (ticket-changes module). The old public code and QR
 * stop working at once: the door answers TRANSFERRED for them, and the door sync sends them as revoked
 * (`door_version` is the transaction id, like attendees'). The QR secret is kept only as its hash.
 */
export const ticketTransfers = pgTable(
  'ticket_transfers',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    attendee_id: uuid('attendee_id')
      .notNull()
      .references(() => attendees.id, { onDelete: 'cascade' }),
    old_short_id: text('old_short_id').notNull(),
    old_qr_hash: text('old_qr_hash').notNull(),
    from_name: text('from_name').notNull(),
    from_email: text('from_email').notNull(),
    to_name: text('to_name').notNull(),
    to_email: text('to_email').notNull(),
    door_version: bigint('door_version', { mode: 'number' }).notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ticket_transfers_event_short_id_idx').on(t.event_id, t.old_short_id),
    index('ticket_transfers_event_qr_hash_idx').on(t.event_id, t.old_qr_hash),
    index('ticket_transfers_door_version_idx').on(t.event_id, t.door_version, t.old_short_id),
    index('ticket_transfers_attendee_idx').on(t.attendee_id),
  ],
);

/** A "find my tickets" link: its token kept hashed, used once, short-lived. */
export const ticketLookupTokens = pgTable(
  'ticket_lookup_tokens',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    organizer_id: uuid('organizer_id').notNull(),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_lookup_tokens_email_idx').on(t.account_id, t.email)],
);
