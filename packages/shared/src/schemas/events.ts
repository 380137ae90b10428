import { z } from 'zod';
import { ATTENDEE_DETAILS_MODES, EVENT_STATUSES, PAYMENT_PROVIDERS } from '../enums.ts';
import type { Organizer } from './organizers.ts';

/** Events of the back office: create/update payloads, settings, defaults, duplicate (DESIGN §4). */
export const EVENT_NAME_MAX = 149;
export const EVENT_DESCRIPTION_MAX = 50_000;
export const ORDER_TIMEOUT_MIN = 1;
export const ORDER_TIMEOUT_MAX = 120;
export const ORDER_TIMEOUT_RECOMMENDED = 15;
export const EVENTS_STATES = ['upcoming', 'ended', 'archived'] as const;
export type EventsState = (typeof EVENTS_STATES)[number];

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const dateTime = z.iso.datetime({ offset: true, error: 'validation.datetime' });
const timezone = z.string().refine(isTimeZone, { error: 'events.invalid_timezone' });
const currency = z
  .string()
  .regex(/^[A-Z]{3}$/, { error: 'events.invalid_currency' })
  .refine(
    (c) => {
      try {
        new Intl.NumberFormat('en', { style: 'currency', currency: c });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'events.invalid_currency' },
  );
const name = z.string().trim().min(1).max(EVENT_NAME_MAX, { error: 'events.name_too_long' });
const description = z.string().max(EVENT_DESCRIPTION_MAX, { error: 'events.description_too_long' });
const nullableText = (max: number) => z.string().trim().max(max).nullish();

export const eventLocationSchema = z.strictObject({
  venue_name: z.string().trim().max(200).optional(),
  address_line_1: z.string().trim().max(200).optional(),
  address_line_2: z.string().trim().max(200).optional(),
  city: z.string().trim().max(100).optional(),
  region: z.string().trim().max(100).optional(),
  postal_code: z.string().trim().max(20).optional(),
  country: z.string().trim().max(100).optional(),
  online_url: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional()
    .or(z.literal('')),
});
export type EventLocationInput = z.infer<typeof eventLocationSchema>;

export const createEventSchema = z.strictObject({
  name,
  organizer_id: z.uuid({ error: 'events.organizer_required' }),
  start_date: dateTime,
  end_date: dateTime.nullish(),
  timezone: timezone.optional(),
  currency: currency.optional(),
  description: description.nullish(),
  location: eventLocationSchema.optional(),
});
export type CreateEventInput = z.infer<typeof createEventSchema>;

export const updateEventSchema = createEventSchema.partial();
export type UpdateEventInput = z.infer<typeof updateEventSchema>;

export const eventStatusSchema = z.strictObject({ status: z.enum(EVENT_STATUSES) });

/** "#rrggbb" (stored lower-case); an empty field means no colour. */
const hexColor = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'events.invalid_color' })
    .transform((c) => c.toLowerCase())
    .nullish(),
);

/** The public page's colours (homepage designer); null = the product's default. */
export const eventColorsSchema = z.strictObject({
  primary: hexColor,
  background: hexColor,
  text: hexColor,
});

export const eventSettingsSchema = z.strictObject({
  order_timeout_minutes: z.number().int().min(ORDER_TIMEOUT_MIN).max(ORDER_TIMEOUT_MAX),
  attendee_details_mode: z.enum(ATTENDEE_DETAILS_MODES),
  post_checkout_message: nullableText(5000),
  payment_providers: z
    .array(z.enum(PAYMENT_PROVIDERS))
    .min(1, { error: 'events.payment_provider_required' })
    .max(PAYMENT_PROVIDERS.length),
  offline_payment_instructions: nullableText(5000),
  seo_title: nullableText(150),
  seo_description: nullableText(300),
  seo_keywords: nullableText(300),
  allow_indexing: z.boolean(),
  support_email: z
    .email()
    .max(254)
    .nullish()
    .or(z.literal('').transform(() => null)),
  email_footer: nullableText(2000),
  colors: eventColorsSchema,
});
export const updateEventSettingsSchema = eventSettingsSchema.partial();
export type UpdateEventSettingsInput = z.infer<typeof updateEventSettingsSchema>;

export interface EventSettings {
  order_timeout_minutes: number;
  attendee_details_mode: 'PER_TICKET' | 'PER_ORDER';
  post_checkout_message: string | null;
  payment_providers: ('test' | 'offline' | 'stripe')[];
  offline_payment_instructions: string | null;
  seo_title: string | null;
  seo_description: string | null;
  seo_keywords: string | null;
  allow_indexing: boolean;
  support_email: string | null;
  email_footer: string | null;
  colors: { primary: string | null; background: string | null; text: string | null };
}

export const eventDefaultsSchema = z.strictObject({
  timezone: timezone.nullish(),
  currency: currency.nullish(),
  order_timeout_minutes: z.number().int().min(ORDER_TIMEOUT_MIN).max(ORDER_TIMEOUT_MAX).nullish(),
  attendee_details_mode: z.enum(ATTENDEE_DETAILS_MODES).nullish(),
  support_email: z
    .email()
    .max(254)
    .nullish()
    .or(z.literal('').transform(() => null)),
});
export type EventDefaultsInput = z.infer<typeof eventDefaultsSchema>;
export interface EventDefaults {
  timezone: string;
  currency: string;
  order_timeout_minutes: number;
  attendee_details_mode: 'PER_TICKET' | 'PER_ORDER';
  support_email: string | null;
}

export const duplicateEventSchema = z.strictObject({
  name: name.optional(),
  start_date: dateTime.optional(),
  end_date: dateTime.nullish(),
  copy: z
    .strictObject({
      tickets: z.boolean().optional(),
      questions: z.boolean().optional(),
      settings: z.boolean().optional(),
      promo_codes: z.boolean().optional(),
      capacity_assignments: z.boolean().optional(),
      check_in_lists: z.boolean().optional(),
      cover_image: z.boolean().optional(),
    })
    .optional(),
});
export type DuplicateEventInput = z.infer<typeof duplicateEventSchema>;

export interface EventImage {
  id: string;
  type: string;
  url: string;
  width: number;
  height: number;
  size_bytes: number;
  srcset: { width: number; url: string }[];
  created_at: string;
}

export interface EventStats {
  tickets_sold: number;
  orders_count: number;
  /** Sum of completed orders' totals, minor units of the event currency. */
  revenue_cents: number;
}

export interface ManageEvent {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  status: 'DRAFT' | 'LIVE' | 'ARCHIVED';
  lifecycle: 'upcoming' | 'ongoing' | 'ended';
  start_date: string;
  end_date: string | null;
  timezone: string;
  currency: string;
  location: EventLocationInput;
  organizer: Pick<Organizer, 'id' | 'name'>;
  cover: EventImage | null;
  stats: EventStats;
  created_at: string;
  updated_at: string;
}

export interface ManageEventDetail extends ManageEvent {
  settings: EventSettings;
  tickets_count: number;
  checklist: {
    event_details: boolean;
    tickets_created: boolean;
    payment_set_up: boolean;
    event_published: boolean;
    first_order: boolean;
  };
}

/** GET events/{id}/stats: the event's sales for its dashboard (completed orders unless said otherwise). */
export interface EventSalesStats {
  currency: string;
  timezone: string;
  totals: {
    orders_count: number;
    tickets_sold: number;
    /** What buyers paid: totals of completed orders, taxes and fees included. */
    gross_cents: number;
    discount_cents: number;
    taxes_cents: number;
    fees_cents: number;
    attendees_count: number;
  };
  /** Orders waiting for an offline payment: their units are held, their money not in yet. */
  awaiting_payment: { orders_count: number; total_cents: number };
  /** The last 14 days (event time zone), oldest first, days without sales included. */
  daily: { date: string; orders_count: number; tickets_sold: number; gross_cents: number }[];
  tickets: { ticket_id: string; name: string; tickets_sold: number; gross_cents: number }[];
}
