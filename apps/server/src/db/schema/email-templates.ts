import type { EmailTemplateKind } from '@taquilla/shared/schemas/email-templates';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';
import { id, timestamps } from './columns.ts';
import { events } from './events.ts';

/**
 * An organizer's texts for one kind of e-mail in one language: the account's (`event_id` null) or one
 * event's. Plain text with `{placeholders}`; a null field falls back (event → account → built-in).
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<EmailTemplateKind>().notNull(),
    locale: text('locale').notNull(),
    subject: text('subject'),
    intro: text('intro'),
    footer: text('footer'),
    updated_by: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('email_templates_account_key')
      .on(t.account_id, t.kind, t.locale)
      .where(sql`${t.event_id} is null`),
    uniqueIndex('email_templates_event_key')
      .on(t.event_id, t.kind, t.locale)
      .where(sql`${t.event_id} is not null`),
    // An order's e-mails read the account's and its event's rows in one probe.
    index('email_templates_account_event_idx').on(t.account_id, t.event_id),
  ],
);
