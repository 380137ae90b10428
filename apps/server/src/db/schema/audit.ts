import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { id, ts } from './columns.ts';

/**
 * The audit trail: one row per traced change. The actor, target, event and organizer are plain ids and
 * snapshots, not foreign keys: an entry outlives the member, key, event or order it names (`event.deleted`
 * is about an event that no longer exists). Only the account cascades.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    actor_user_id: uuid('actor_user_id'),
    actor_api_key_id: uuid('actor_api_key_id'),
    /** The member's name and e-mail, or the API key's name, as they were then. */
    actor_name: text('actor_name'),
    actor_email: text('actor_email'),
    target_type: text('target_type'),
    target_id: text('target_id'),
    target_label: text('target_label'),
    event_id: uuid('event_id'),
    organizer_id: uuid('organizer_id'),
    ip: text('ip'),
    user_agent: text('user_agent'),
    /** Field → { before, after }; secrets are stored redacted. */
    changes: jsonb('changes')
      .$type<Record<string, { before?: unknown; after?: unknown }>>()
      .notNull()
      .default({}),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_account_created_idx').on(t.account_id, t.created_at.desc(), t.id.desc()),
    // The retention sweep deletes by age across accounts.
    index('audit_log_created_idx').on(t.created_at),
  ],
);

/** How long an account keeps its audit trail (no row: the default). */
export const auditSettings = pgTable('audit_settings', {
  account_id: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  retention_days: integer('retention_days').notNull(),
  updated_at: ts('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
