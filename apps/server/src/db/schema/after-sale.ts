import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';
import { id, timestamps, ts } from './columns.ts';
import { orders, payments } from './orders.ts';

/**
 * A refund of (part of) an order's payment, through the provider that took the money. PENDING while the
 * provider works on it (Stripe answers later through its webhook); the sum of SUCCEEDED and PENDING
 * refunds of an order never exceeds what was paid (checked under the order's row lock).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    payment_id: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's refund id (Stripe `re_...`); null until the provider answered. */
    provider_ref: text('provider_ref'),
    status: text('status', { enum: ['PENDING', 'SUCCEEDED', 'FAILED'] }).notNull(),
    amount_cents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason'),
    failure_reason: text('failure_reason'),
    /** Whether the buyer is told once the refund went through. */
    notify_buyer: boolean('notify_buyer').notNull().default(false),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('order_refunds_order_idx').on(t.order_id),
    uniqueIndex('order_refunds_provider_ref_unique').on(t.provider, t.provider_ref),
  ],
);

/** What happened to an order after the buyer's click: who did what and when (the drawer's activity log). */
export const orderActivities = pgTable(
  'order_activities',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: [
        'CREATED',
        'PAID',
        'EMAIL_QUEUED',
        'EMAIL_SENT',
        'EMAIL_FAILED',
        'EDITED',
        'REFUND_REQUESTED',
        'REFUNDED',
        'REFUND_FAILED',
        'CANCELLED',
        'ATTENDEE_CANCELLED',
        'NOTES_EDITED',
        'ATTENDEE_EDITED',
        'DATE_CHANGED',
        'ATTENDEE_REACTIVATED',
        'TICKET_TRANSFERRED',
        'HOLDER_EDITED',
      ],
    }).notNull(),
    /** The organizer who acted; null for the buyer or the system (checkout, webhooks). */
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kind-specific facts: { amount_cents }, { to }, { fields }, { attendee }. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_activities_order_idx').on(t.order_id, t.created_at)],
);
