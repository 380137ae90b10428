import { bigint, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';
import { id, timestamps, ts } from './columns.ts';

/** Where an account's webhooks go, which event types (and optionally which events) it wants, its secrets. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    event_types: text('event_types').array().notNull(),
    /** Empty: every event of the account. */
    event_ids: uuid('event_ids').array().notNull().default([]),
    status: text('status', { enum: ['ACTIVE', 'PAUSED', 'DISABLED'] })
      .notNull()
      .default('ACTIVE'),
    status_reason: text('status_reason', { enum: ['GONE', 'FAILING', 'MANUAL'] }),
    /** `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
    secret: text('secret').notNull(),
    /** After a rotation the old secret signs too until `previous_secret_expires_at`. */
    previous_secret: text('previous_secret'),
    previous_secret_expires_at: ts('previous_secret_expires_at'),
    /** Failed attempts in a row, any delivery; a success resets it, too many pause the endpoint. */
    consecutive_failures: integer('consecutive_failures').notNull().default(0),
    paused_at: ts('paused_at'),
    ...timestamps,
  },
  (t) => [index('webhook_endpoints_account_idx').on(t.account_id)],
);

/**
 * One message to one endpoint: its body as signed (the same bytes on every attempt and resend), the last
 * attempt's outcome. Kept 30 days. `source_job` + `resource_id` make the fan-out idempotent: an emit job
 * run twice (after a crash) finds its deliveries already written.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    endpoint_id: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The webhook-id header (`msg_` + 24 base62 characters). */
    message_id: text('message_id').notNull(),
    event_type: text('event_type').notNull(),
    body: text('body').notNull(),
    /** The emit job that made it (null for a test message) and the resource it is about. */
    source_job: bigint('source_job', { mode: 'number' }),
    resource_id: text('resource_id').notNull(),
    status: text('status', { enum: ['PENDING', 'SUCCEEDED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    response_status: integer('response_status'),
    response_excerpt: text('response_excerpt'),
    error: text('error'),
    duration_ms: integer('duration_ms'),
    last_attempt_at: ts('last_attempt_at'),
    delivered_at: ts('delivered_at'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpoint_id, t.created_at),
    index('webhook_deliveries_created_idx').on(t.created_at),
    uniqueIndex('webhook_deliveries_source_unique').on(t.endpoint_id, t.source_job, t.resource_id),
  ],
);

/** Bearer credentials of an account for other systems; only the SHA-256 of the key is kept. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Who made it: requests with the key act as this user in activity logs. */
    created_by: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    permission: text('permission', { enum: ['READ_ONLY', 'FULL', 'DOOR'] }).notNull(),
    /** The key's first characters, shown to tell keys apart. */
    prefix: text('prefix').notNull(),
    key_hash: text('key_hash').notNull(),
    expires_at: ts('expires_at'),
    revoked_at: ts('revoked_at'),
    last_used_at: ts('last_used_at'),
    ...timestamps,
  },
  (t) => [uniqueIndex('api_keys_hash_unique').on(t.key_hash), index('api_keys_account_idx').on(t.account_id)],
);
