import { boolean, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { timestamps } from './columns.ts';

/**
 * An account's payment settings: default offline payment instructions and its Stripe Connect account
 * (the flags mirror Stripe's account object, kept current by the `account.updated` webhook).
 */
export const accountPaymentSettings = pgTable(
  'account_payment_settings',
  {
    account_id: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    offline_payment_instructions: text('offline_payment_instructions'),
    stripe_account_id: text('stripe_account_id'),
    stripe_details_submitted: boolean('stripe_details_submitted').notNull().default(false),
    stripe_charges_enabled: boolean('stripe_charges_enabled').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('account_payment_settings_stripe_account_unique').on(t.stripe_account_id)],
);
