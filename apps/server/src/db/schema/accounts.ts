import { USER_ROLES } from '@taquilla/shared';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps, ts } from './columns.ts';

export const accounts = pgTable('accounts', {
  id: id(),
  name: text('name').notNull(),
  currency: text('currency').notNull().default('EUR'),
  timezone: text('timezone').notNull().default('Europe/Madrid'),
  /** Applied to new events: { timezone, currency, order_timeout_minutes, attendee_details_mode, support_email }. */
  event_defaults: jsonb('event_defaults').$type<Record<string, unknown>>().notNull().default({}),
  /** Members without two-factor authentication must enrol before they can use the account. */
  require_two_factor: boolean('require_two_factor').notNull().default(false),
  /** Days after an event ends that its buyers' personal data is kept before it is pseudonymised; null: kept. */
  personal_data_retention_days: integer('personal_data_retention_days'),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    password_hash: text('password_hash'),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    locale: text('locale').notNull().default('es'),
    timezone: text('timezone').notNull().default('Europe/Madrid'),
    email_verified_at: ts('email_verified_at'),
    pending_email: text('pending_email'),
    /** TOTP secret, encrypted (AES-256-GCM, key from AUTH_SECRET); set at enrolment, live once confirmed. */
    totp_secret: text('totp_secret'),
    totp_enabled_at: ts('totp_enabled_at'),
    /** The time step of the last accepted code: a code is accepted once (no replay). */
    totp_last_counter: integer('totp_last_counter'),
    /** SHA-256 hashes of the unused recovery codes. */
    recovery_code_hashes: text('recovery_code_hashes').array().notNull().default([]),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

/** Membership of a user in an account, with the role there. */
export const accountUsers = pgTable(
  'account_users',
  {
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: USER_ROLES }).notNull(),
    status: text('status', { enum: ['ACTIVE', 'INVITED', 'INACTIVE'] }).notNull(),
    is_owner: boolean('is_owner').notNull().default(false),
    /** The organizers this member works on; null: every organizer of the account. */
    organizer_ids: uuid('organizer_ids').array(),
    invited_by: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** The names the inviter typed, shown while the invitation is pending (whether or not the user existed). */
    invited_first_name: text('invited_first_name'),
    invited_last_name: text('invited_last_name'),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.account_id, t.user_id] }), index('account_users_user_idx').on(t.user_id)],
);

/** Login sessions. A token names its session; revoking the row ends the token at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    expires_at: ts('expires_at').notNull(),
    revoked_at: ts('revoked_at'),
    created_at: ts('created_at').notNull().defaultNow(),
    /** Shown in the profile's session list: where the session was opened and when it was last used. */
    user_agent: text('user_agent'),
    ip: text('ip'),
    last_used_at: ts('last_used_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/** Single-use links (e-mail confirmation, password reset, e-mail change, invitation), stored hashed. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    account_id: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: [
        'EMAIL_CONFIRMATION',
        'PASSWORD_RESET',
        'EMAIL_CHANGE',
        'EMAIL_CHANGE_UNDO',
        'INVITATION',
        'TWO_FACTOR_CHALLENGE',
      ],
    }).notNull(),
    token_hash: text('token_hash').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_unique').on(t.token_hash),
    index('user_tokens_user_idx').on(t.user_id),
  ],
);

/**
 * Failed sign-in checks (password, second factor) per key: an (address, e-mail) pair, an address, an
 * e-mail, a user's codes. The next attempt on a key waits a delay that grows with its failures.
 */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  last_failed_at: ts('last_failed_at').notNull(),
});
