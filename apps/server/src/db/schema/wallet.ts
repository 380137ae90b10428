import { bigint, boolean, index, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { id, timestamps, ts } from './columns.ts';
import { attendees } from './orders.ts';

/** The update tags of wallet passes: taken in order by the one sync job, so a later change has a larger tag. */
export const walletPassTag = pgSequence('wallet_pass_tag');

/**
 * A ticket whose pass is in someone's wallet (ticket-documents/wallet-sync.ts): created when its Apple pass
 * is downloaded or registered, or its Google link handed out. `content_at` is the latest change to what the
 * pass shows as the sync job last saw it; when the data moves past it the job takes a new `tag` and pushes.
 */
export const walletPasses = pgTable(
  'wallet_passes',
  {
    attendee_id: uuid('attendee_id')
      .primaryKey()
      .references(() => attendees.id, { onDelete: 'cascade' }),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    content_at: ts('content_at').notNull(),
    tag: bigint('tag', { mode: 'number' }).notNull().default(0),
    tagged_at: ts('tagged_at').notNull().defaultNow(),
    /** A Google Wallet save link was handed out: the object may exist at Google and is kept up to date. */
    google: boolean('google').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('wallet_passes_account_idx').on(t.account_id)],
);

/** A device that registered a pass with the PassKit web service, with the token APNs pushes to. */
export const walletRegistrations = pgTable(
  'wallet_registrations',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    attendee_id: uuid('attendee_id')
      .notNull()
      .references(() => attendees.id, { onDelete: 'cascade' }),
    device_library_id: text('device_library_id').notNull(),
    push_token: text('push_token').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('wallet_registrations_device_pass_unique').on(t.device_library_id, t.attendee_id),
    index('wallet_registrations_attendee_idx').on(t.attendee_id),
    index('wallet_registrations_account_idx').on(t.account_id),
  ],
);
