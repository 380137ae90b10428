import type { MessageAudience } from '@taquilla/shared/schemas/messages';
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';
import { id, timestamps, ts } from './columns.ts';
import { events } from './events.ts';

/** A message from the organizer to an event's audience, sent at `send_at` by the job queue. */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    author_id: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    /** Sanitized HTML (lib/html). */
    body: text('body').notNull(),
    audience: jsonb('audience').$type<MessageAudience>().notNull(),
    status: text('status', { enum: ['SCHEDULED', 'SENDING', 'SENT', 'FAILED', 'CANCELLED'] })
      .notNull()
      .default('SCHEDULED'),
    send_at: ts('send_at').notNull(),
    sent_at: ts('sent_at'),
    /** The audience's size when composed; replaced by the delivery rows' count once sending starts. */
    recipients_count: integer('recipients_count').notNull().default(0),
    acknowledged_at: ts('acknowledged_at').notNull(),
    ...timestamps,
  },
  (t) => [index('messages_event_idx').on(t.event_id, t.created_at)],
);

/**
 * One row per message and distinct address, written before the e-mail leaves and marked SENT after it
 * was accepted: a resumed send skips what is marked. SENDING rows are claimed until `locked_until`.
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    message_id: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    /** Lower-cased: one e-mail per address. */
    email: text('email').notNull(),
    first_name: text('first_name'),
    /** The language of the recipient's order. */
    locale: text('locale').notNull(),
    status: text('status', { enum: ['PENDING', 'SENDING', 'SENT', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: ts('next_attempt_at').notNull().defaultNow(),
    locked_until: ts('locked_until'),
    last_error: text('last_error'),
    sent_at: ts('sent_at'),
  },
  (t) => [
    uniqueIndex('message_deliveries_unique').on(t.message_id, t.email),
    index('message_deliveries_due_idx').on(t.message_id, t.status, t.next_attempt_at),
  ],
);
