import { z } from 'zod';
import { HEX_COLOR } from '../contrast.ts';
import { ATTENDEE_DETAILS_MODES, EVENT_STATUSES, PAYMENT_PROVIDERS } from '../enums.ts';
import { organizerSchema } from './organizers.ts';
import { netRevenueCents, revenueShape } from './revenue.ts';
import { ticketChangeSettingsSchema } from './ticket-changes.ts';

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
/** When an event starts: missing is said as such, not as a malformed date. */
const startDate = z.iso.datetime({
  offset: true,
  error: (issue) => (issue.input == null ? 'events.start_required' : 'validation.datetime'),
});
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
const name = z
  .string()
  .trim()
  .min(1, { error: 'events.name_required' })
  .max(EVENT_NAME_MAX, { error: 'events.name_too_long' });
const description = z.string().max(EVENT_DESCRIPTION_MAX, { error: 'events.description_too_long' });
const nullableText = (max: number) => z.string().trim().max(max).nullish();

/**
 * A coordinate of the venue in decimal degrees, kept as written ("41.3744"): a number or its text, with a
 * dot, within the range; empty means none.
 */
const coordinate = (max: number, error: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    z
      .string({ error })
      .trim()
      .regex(/^-?\d{1,3}(\.\d{1,8})?$/, { error })
      .refine((v) => Math.abs(Number(v)) <= max, { error })
      .optional()
      .or(z.literal('')),
  );

export const eventLocationSchema = z
  .strictObject({
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
    /** Where the venue is: Apple Wallet shows the pass near it, the event page links the map to it. */
    latitude: coordinate(90, 'events.latitude_invalid'),
    longitude: coordinate(180, 'events.longitude_invalid'),
  })
  .superRefine((l, ctx) => {
    // One without the other points nowhere.
    if (Boolean(l.latitude) !== Boolean(l.longitude)) {
      const missing = l.latitude ? 'longitude' : 'latitude';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'events.coordinates_pair' });
    }
  });
export type EventLocationInput = z.infer<typeof eventLocationSchema>;

export const createEventSchema = z.strictObject({
  name,
  organizer_id: z.uuid({ error: 'events.organizer_required' }),
  start_date: startDate,
  end_date: dateTime.nullish(),
  timezone: timezone.optional(),
  currency: currency.optional(),
  description: description.nullish(),
  location: eventLocationSchema.optional(),
});
export type CreateEventInput = z.infer<typeof createEventSchema>;

/** An event ends after it starts (or has no end): the server checks it on every write of the dates. */
export const endsAfterStart = (start?: string | Date | null, end?: string | Date | null) =>
  !start || !end || new Date(end).getTime() > new Date(start).getTime();

const datesInOrder = (e: { start_date?: string; end_date?: string | null }, ctx: z.RefinementCtx) => {
  if (!endsAfterStart(e.start_date, e.end_date))
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'events.end_before_start' });
};

/** POST events: the event as created, its end after its start. */
export const createEventInput = createEventSchema.superRefine(datesInOrder);

export const updateEventSchema = createEventSchema.partial();
export type UpdateEventInput = z.infer<typeof updateEventSchema>;

export const eventStatusSchema = z.strictObject({ status: z.enum(EVENT_STATUSES) });

/** "#rrggbb" (stored lower-case); an empty field means no colour. */
const hexColor = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string()
    .trim()
    .regex(HEX_COLOR, { error: 'events.invalid_color' })
    .transform((c) => c.toLowerCase())
    .nullish(),
);

/** The public page's colours (homepage designer); null = the product's default. */
export const eventColorsSchema = z.strictObject({
  primary: hexColor,
  background: hexColor,
  text: hexColor,
});

/**
 * The error code of a refused publish (409) whose reason is a payment method that cannot take money: the
 * web offers the way to the event's payment settings beside the server's message.
 */
export const PAYMENT_METHODS_NOT_READY = 'PAYMENT_METHODS_NOT_READY';

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
  /** The order e-mails attach the tickets as a PDF (on unless turned off). */
  attach_ticket_pdf: z.boolean(),
  colors: eventColorsSchema,
  ...ticketChangeSettingsSchema.shape,
});
export const updateEventSettingsSchema = eventSettingsSchema.partial();
export type UpdateEventSettingsInput = z.infer<typeof updateEventSettingsSchema>;

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

/** POST events/{id}/duplicate, with both dates given: the end after the start. */
export const duplicateEventInput = duplicateEventSchema.superRefine(datesInOrder);

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

export const eventSettingsResponseSchema = z
  .object({
    order_timeout_minutes: z.number(),
    attendee_details_mode: z.enum(['PER_TICKET', 'PER_ORDER']),
    post_checkout_message: z.string().nullable(),
    payment_providers: z.array(z.enum(['test', 'offline', 'stripe'])),
    offline_payment_instructions: z.string().nullable(),
    seo_title: z.string().nullable(),
    seo_description: z.string().nullable(),
    seo_keywords: z.string().nullable(),
    allow_indexing: z.boolean(),
    support_email: z.string().nullable(),
    email_footer: z.string().nullable(),
    attach_ticket_pdf: z.boolean(),
    colors: z.object({
      primary: z.string().nullable(),
      background: z.string().nullable(),
      text: z.string().nullable(),
    }),
    attendee_edits_allowed: z.boolean(),
    attendee_edits_until_hours: z.number(),
    transfers_allowed: z.boolean(),
    transfers_until_hours: z.number(),
    max_transfers_per_ticket: z.number(),
  })
  .meta({ id: 'EventSettings' });
export type EventSettings = z.infer<typeof eventSettingsResponseSchema>;

export const eventDefaultsResponseSchema = z
  .object({
    timezone: z.string(),
    currency: z.string(),
    order_timeout_minutes: z.number(),
    attendee_details_mode: z.enum(['PER_TICKET', 'PER_ORDER']),
    support_email: z.string().nullable(),
  })
  .meta({ id: 'EventDefaults' });
export type EventDefaults = z.infer<typeof eventDefaultsResponseSchema>;

export const eventImageSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    url: z.string(),
    width: z.number(),
    height: z.number(),
    size_bytes: z.number(),
    srcset: z.array(
      z.object({
        width: z.number(),
        url: z.string(),
      }),
    ),
    created_at: z.string(),
  })
  .meta({ id: 'EventImage' });
export type EventImage = z.infer<typeof eventImageSchema>;

export const eventStatsSchema = z
  .object({
    tickets_sold: z.number(),
    orders_count: z.number(),
    ...revenueShape,
    revenue_cents: netRevenueCents,
  })
  .meta({ id: 'EventStats' });
export type EventStats = z.infer<typeof eventStatsSchema>;

export const manageEventSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    status: z.enum(['DRAFT', 'LIVE', 'ARCHIVED']),
    lifecycle: z.enum(['upcoming', 'ongoing', 'ended']),
    start_date: z.string(),
    end_date: z.string().nullable(),
    timezone: z.string(),
    currency: z.string(),
    location: eventLocationSchema,
    organizer: organizerSchema.pick({ id: true, name: true }),
    cover: eventImageSchema.nullable(),
    stats: eventStatsSchema,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ManageEvent' });
export type ManageEvent = z.infer<typeof manageEventSchema>;

export const manageEventDetailSchema = manageEventSchema
  .extend({
    settings: eventSettingsResponseSchema,
    tickets_count: z.number(),
    checklist: z.object({
      event_details: z.boolean(),
      tickets_created: z.boolean(),
      payment_set_up: z.boolean(),
      event_published: z.boolean(),
      first_order: z.boolean(),
    }),
    /** What the caller may do now (the server's decision): `delete` while nobody has ordered. */
    actions: z.object({ delete: z.boolean() }),
  })
  .meta({ id: 'ManageEventDetail' });
export type ManageEventDetail = z.infer<typeof manageEventDetailSchema>;

/** GET events/{id}/stats: the event's sales for its dashboard (completed orders unless said otherwise). */
export const eventSalesStatsSchema = z
  .object({
    currency: z.string(),
    timezone: z.string(),
    totals: z.object({
      orders_count: z.number(),
      tickets_sold: z.number(),
      gross_cents: z.number().meta({ description: 'Gross revenue, same as gross_revenue_cents' }),
      ...revenueShape,
      /** Discounts, taxes and fees of the sales (parts of the gross, before refunds). */
      discount_cents: z.number(),
      taxes_cents: z.number(),
      fees_cents: z.number(),
      attendees_count: z.number(),
    }),
    /** Orders waiting for an offline payment: their units are held, their money not in yet. */
    awaiting_payment: z.object({
      orders_count: z.number(),
      total_cents: z.number(),
    }),
    /**
     * The last 14 days (event time zone), oldest first, days without sales included. A day's gross is
     * what was sold that day and its refunded what was given back that day (of any day's sale), so a
     * refund lowers the net of the day it was made, and the days' nets add up to the net revenue.
     */
    daily: z.array(
      z.object({
        date: z.string(),
        orders_count: z.number(),
        tickets_sold: z.number(),
        gross_cents: z.number().meta({ description: 'Same as gross_revenue_cents' }),
        ...revenueShape,
      }),
    ),
    /** Each ticket's units sold and their gross value (refunds are per order, not split by ticket). */
    tickets: z.array(
      z.object({
        ticket_id: z.string(),
        name: z.string(),
        tickets_sold: z.number(),
        gross_cents: z.number(),
      }),
    ),
  })
  .meta({ id: 'EventSalesStats' });
export type EventSalesStats = z.infer<typeof eventSalesStatsSchema>;
