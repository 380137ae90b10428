import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';
import { id, ts } from './columns.ts';

/**
 * The privacy requests an account answered: a person's data exported or erased (by an admin), or a
 * retention sweep. The person is kept only as a keyed hash of their e-mail (never the e-mail itself): enough
 * to tell that the same person asked twice, nothing to read back.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['EXPORT', 'ERASE', 'RETENTION'] }).notNull(),
    /** HMAC-SHA-256 of the lower-cased e-mail under a key derived from AUTH_SECRET; null for a retention sweep. */
    email_hash: text('email_hash'),
    /** Who asked; null for the retention job (or a member removed since). */
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Rows per kind of data: { orders: { erased, kept }, … } (an export counts what it listed as kept). */
    counts: jsonb('counts').$type<Record<string, { erased: number; kept: number }>>().notNull().default({}),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('privacy_requests_account_idx').on(t.account_id, t.created_at)],
);
