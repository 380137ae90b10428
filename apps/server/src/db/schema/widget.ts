import { jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { timestamps } from './columns.ts';
import { events } from './events.ts';

/** The embeddable widget's settings of an event: the options and the sites allowed to frame it. */
export const eventWidgetSettings = pgTable('event_widget_settings', {
  event_id: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  account_id: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  ...timestamps,
});
