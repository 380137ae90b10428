import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { id, timestamps, ts } from './columns.ts';

export const organizers = pgTable(
  'organizers',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    website: text('website'),
    description: text('description'),
    logo_path: text('logo_path'),
    deleted_at: ts('deleted_at'),
    ...timestamps,
  },
  (t) => [index('organizers_account_idx').on(t.account_id)],
);

/** Taxes and fees of an account. `value` is basis points (2100 = 21 %) for PERCENTAGE, minor units for FIXED. */
export const taxesAndFees = pgTable(
  'taxes_and_fees',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['TAX', 'FEE'] }).notNull(),
    calculation: text('calculation', { enum: ['PERCENTAGE', 'FIXED'] }).notNull(),
    value: integer('value').notNull(),
    is_default: boolean('is_default').notNull().default(false),
    is_active: boolean('is_active').notNull().default(true),
    deleted_at: ts('deleted_at'),
    ...timestamps,
  },
  (t) => [index('taxes_account_idx').on(t.account_id)],
);

export type EventLocation = {
  venue_name?: string;
  address_line_1?: string;
  address_line_2?: string;
  city?: string;
  region?: string;
  postal_code?: string;
  country?: string;
  online_url?: string;
  /** Decimal degrees as the organizer wrote them ("41.3744"). */
  latitude?: string;
  longitude?: string;
};

/**
 * Event settings kept as one document: attendee_details_mode, post_checkout_message, payment_providers,
 * offline_payment_instructions, seo_title, seo_description, seo_keywords, allow_indexing, support_email,
 * email_footer, homepage colours. The order timeout is a column because checkout reads it on every order.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    organizer_id: uuid('organizer_id')
      .notNull()
      .references(() => organizers.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    status: text('status', { enum: ['DRAFT', 'LIVE', 'ARCHIVED'] })
      .notNull()
      .default('DRAFT'),
    start_date: ts('start_date').notNull(),
    end_date: ts('end_date'),
    timezone: text('timezone').notNull(),
    currency: text('currency').notNull(),
    location: jsonb('location').$type<EventLocation>().notNull().default({}),
    order_timeout_minutes: integer('order_timeout_minutes').notNull().default(15),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    deleted_at: ts('deleted_at'),
    ...timestamps,
  },
  (t) => [
    index('events_account_idx').on(t.account_id, t.start_date),
    index('events_organizer_idx').on(t.organizer_id),
  ],
);

export const eventImages = pgTable(
  'event_images',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** Storage key prefix under DATA_DIR/uploads; variants are `<key>-<width>.webp`. */
    storage_key: text('storage_key').notNull(),
    mime_type: text('mime_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    variants: jsonb('variants').$type<{ width: number; path: string }[]>().notNull().default([]),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('event_images_event_idx').on(t.event_id),
    uniqueIndex('event_images_key_unique').on(t.storage_key),
  ],
);
