/** Event dates (occurrences of one event) and the repetition rules that create many at once (issue #27). */
import { z } from 'zod';
import { eventLocationSchema } from './events.ts';

export const EVENT_DATE_STATUSES = ['ON_SALE', 'SOLD_OUT', 'CANCELLED', 'HIDDEN'] as const;
export type EventDateStatus = (typeof EVENT_DATE_STATUSES)[number];
/** At most this many dates per event: a time slot every 30 minutes for 100 days fits (Hi.Events stops at 1,200). */
export const MAX_DATES_PER_EVENT = 5000;
export const RULE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'SLOTS'] as const;
export type RuleFrequency = (typeof RULE_FREQUENCIES)[number];
/** How far a rule may reach from its first day. */
export const RULE_MAX_YEARS = 5;

const dateTime = z.iso.datetime({ offset: true, error: 'validation.datetime' });
/** A day left empty is missing (a picker not filled in), not one badly written. */
const day = z.iso.date({
  error: (issue) => (issue.input ? 'event_dates.day_invalid' : 'event_dates.day_required'),
});
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'event_dates.time_invalid' });
/** ISO weekday: 1 Monday … 7 Sunday. */
const weekday = z.number().int().min(1).max(7);
const capacity = z.number().int().min(1).max(10_000_000).nullable();

/** The most a date's own price may be (as a ticket's). */
export const MAX_DATE_PRICE_CENTS = 100_000_000;

/**
 * A date's own price for one of the event's ticket prices (a ticket's price, or one tier of a tiered
 * ticket): what buyers pay on that date instead (a donation's minimum). Free tickets have none.
 */
export const eventDatePriceInput = z.strictObject({
  price_id: z.uuid({ error: 'event_dates.price_unknown' }),
  price_cents: z
    .number({ error: 'event_dates.price_invalid' })
    .int({ error: 'event_dates.price_invalid' })
    .min(0, { error: 'event_dates.price_invalid' })
    .max(MAX_DATE_PRICE_CENTS, { error: 'event_dates.price_invalid' }),
});
export type EventDatePriceInput = z.infer<typeof eventDatePriceInput>;

/** A date's own prices: each price once; the whole set replaces the date's (an empty list: none). */
const datePrices = z
  .array(eventDatePriceInput)
  .max(500)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((p, i) => {
      if (seen.has(p.price_id)) {
        ctx.addIssue({ code: 'custom', path: [i, 'price_id'], message: 'event_dates.price_duplicate' });
      }
      seen.add(p.price_id);
    });
  });

/** Its own sale window: both ends optional; null clears one, left out keeps it (on an edit). */
const saleWindow = {
  sale_starts_at: dateTime.nullish(),
  sale_ends_at: dateTime.nullish(),
};
const windowInOrder = (d: { sale_starts_at?: string | null; sale_ends_at?: string | null }) =>
  !d.sale_starts_at || !d.sale_ends_at || Date.parse(d.sale_ends_at) > Date.parse(d.sale_starts_at);

export const eventDateInput = z
  .strictObject({
    starts_at: z.iso.datetime({ offset: true, error: 'event_dates.start_required' }),
    ends_at: dateTime.nullish(),
    location: eventLocationSchema.nullish(),
    status: z.enum(EVENT_DATE_STATUSES).optional(),
    capacity: capacity.optional(),
    ...saleWindow,
    /** Left out on an edit: the date keeps its prices. */
    prices: datePrices.optional(),
  })
  .refine((d) => !d.ends_at || Date.parse(d.ends_at) > Date.parse(d.starts_at), {
    error: 'event_dates.ends_before_start',
    path: ['ends_at'],
  })
  .refine(windowInOrder, { error: 'event_dates.sale_ends_before_start', path: ['sale_ends_at'] })
  .refine((d) => !d.sale_starts_at || Date.parse(d.sale_starts_at) < Date.parse(d.starts_at), {
    error: 'event_dates.sale_starts_after_date',
    path: ['sale_starts_at'],
  });
export type EventDateInput = z.infer<typeof eventDateInput>;

/**
 * A repetition rule, read in the event's time zone. DAILY/WEEKLY/MONTHLY/YEARLY repeat every `interval`
 * days/weeks/months/years at `start_time`; WEEKLY on `weekdays`; MONTHLY on the `nth` (1–5, or -1 for the
 * last) `weekday` of the month; YEARLY on the first day's month and day. SLOTS opens every day (or on
 * `weekdays`) from `start_time` to `closes_at`, a date every `every_minutes`. It ends on a day or after a
 * count of dates; `exclusions` are days left out.
 */
export const repetitionRuleSchema = z
  .strictObject({
    frequency: z.enum(RULE_FREQUENCIES),
    interval: z.number().int().min(1).max(99).default(1),
    starts_on: day,
    start_time: time,
    duration_minutes: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60),
    weekdays: z.array(weekday).min(1).max(7).optional(),
    nth: z.union([z.literal(-1), z.number().int().min(1).max(5)]).optional(),
    weekday: weekday.optional(),
    every_minutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .optional(),
    closes_at: time.optional(),
    /** The end: after `count` dates, or on the day `until` (included). */
    ends: z.union(
      [
        z.strictObject({ count: z.number().int().min(1).max(MAX_DATES_PER_EVENT) }),
        z.strictObject({ until: day }),
      ],
      { error: 'event_dates.end_required' },
    ),
    exclusions: z.array(day).max(1000).default([]),
  })
  .superRefine((r, ctx) => {
    const need = (ok: boolean, path: string, error: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: path.split('.'), message: error });
    };
    if ('until' in r.ends) need(r.ends.until >= r.starts_on, 'ends.until', 'event_dates.until_before_start');
    if (r.frequency === 'WEEKLY') need(r.weekdays !== undefined, 'weekdays', 'event_dates.weekdays_required');
    if (r.frequency === 'MONTHLY') {
      need(r.nth !== undefined, 'nth', 'event_dates.nth_required');
      need(r.weekday !== undefined, 'weekday', 'event_dates.nth_required');
    }
    if (r.frequency === 'SLOTS') {
      need(r.every_minutes !== undefined, 'every_minutes', 'event_dates.slots_required');
      need(
        r.closes_at !== undefined && r.closes_at > r.start_time,
        'closes_at',
        'event_dates.closes_before_opening',
      );
    }
  });
export type RepetitionRuleInput = z.input<typeof repetitionRuleSchema>;
export type RepetitionRule = z.output<typeof repetitionRuleSchema>;

export const ruleDatesInput = z.strictObject({
  rule: repetitionRuleSchema,
  status: z.enum(EVENT_DATE_STATUSES).optional(),
  capacity: capacity.optional(),
  location: eventLocationSchema.nullish(),
});
export type RuleDatesInput = z.input<typeof ruleDatesInput>;

export const previewRuleInput = z.strictObject({ rule: repetitionRuleSchema });

export const bulkEditDatesInput = z
  .strictObject({
    date_ids: z.array(z.uuid()).min(1, { error: 'event_dates.none_chosen' }).max(MAX_DATES_PER_EVENT),
    /** Moves start and end by this many minutes (negative: earlier). */
    shift_minutes: z
      .number()
      .int()
      .min(-365 * 24 * 60)
      .max(365 * 24 * 60)
      .optional(),
    capacity: capacity.optional(),
    status: z.enum(EVENT_DATE_STATUSES).optional(),
    /** Each end of the chosen dates' own sale window: a time sets it, null clears it, left out keeps it. */
    ...saleWindow,
    /** The chosen dates' own prices, replacing theirs (an empty list: back to the tickets' prices). */
    prices: datePrices.optional(),
  })
  .refine(
    (b) =>
      b.shift_minutes !== undefined ||
      b.capacity !== undefined ||
      b.status !== undefined ||
      b.sale_starts_at !== undefined ||
      b.sale_ends_at !== undefined ||
      b.prices !== undefined,
    { error: 'event_dates.nothing_to_change', path: ['date_ids'] },
  )
  .refine(windowInOrder, { error: 'event_dates.sale_ends_before_start', path: ['sale_ends_at'] });
export type BulkEditDatesInput = z.infer<typeof bulkEditDatesInput>;

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

export const eventDateSchema = z
  .object({
    id: z.string(),
    event_id: z.string(),
    starts_at: z.string(),
    ends_at: z.string().nullable(),
    location: eventLocationSchema.nullable(),
    status: z.enum(EVENT_DATE_STATUSES),
    /** Its own limit on units sold; null: only the event's tickets limit it. */
    capacity: z.number().nullable(),
    /** Its own sale window (null: open from / until the tickets' own windows). */
    sale_starts_at: z.string().nullable(),
    sale_ends_at: z.string().nullable(),
    /** Its own prices, instead of the tickets' (empty: the tickets' prices). */
    prices: z.array(z.object({ price_id: z.string(), price_cents: z.number() })),
    /** Another date's orders may be moved here: it is neither cancelled nor started. */
    can_take_moved_orders: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'EventDate' });
export type EventDate = z.infer<typeof eventDateSchema>;

const occurrence = z.object({ starts_at: z.string(), ends_at: z.string() });
export const rulePreviewSchema = z
  .object({ count: z.number(), first: occurrence, last: occurrence })
  .meta({ id: 'EventDateRulePreview' });
export type RulePreview = z.infer<typeof rulePreviewSchema>;

export const ruleCreatedSchema = z
  .object({ created: z.number(), skipped: z.number() })
  .meta({ id: 'EventDatesCreated' });
export const bulkEditedSchema = z.object({ updated: z.number() }).meta({ id: 'EventDatesUpdated' });

// The buyer's side of dates (issue #27): what the public event page, the calendar and the order show.

// The public dates' limits live without zod so the event page and the widget can read them cheaply.
import { FEW_LEFT_UNITS, MAX_DATES_RANGE_DAYS, MAX_PUBLIC_DATES } from '../event-date-limits.ts';

export { FEW_LEFT_UNITS, MAX_DATES_RANGE_DAYS, MAX_PUBLIC_DATES };

/**
 * An upcoming date as buyers see it: ON_SALE, or SOLD_OUT (set by the organizer, or nothing left).
 * `location` is the date's own venue when it is not the event's (null: the event's). `sale_state`: the
 * date's own sale window, open, not open yet (from `sale_starts_at`) or closed.
 */
export const publicEventDateSchema = z
  .object({
    id: z.string(),
    starts_at: z.string(),
    ends_at: z.string().nullable(),
    status: z.enum(['ON_SALE', 'SOLD_OUT']),
    sold_out: z.boolean(),
    few_left: z.boolean(),
    sale_state: z.enum(['ON_SALE', 'NOT_STARTED', 'ENDED']),
    sale_starts_at: z.string().nullable(),
    location: eventLocationSchema.nullable(),
  })
  .meta({ id: 'PublicEventDate' });
export type PublicEventDate = z.infer<typeof publicEventDateSchema>;

/** The date an order, attendee, ticket or check-in list is for; null on a single-date event. */
export const eventDateRefSchema = z
  .object({
    id: z.string(),
    starts_at: z.string(),
    ends_at: z.string().nullable(),
    location: eventLocationSchema.nullable(),
  })
  .meta({ id: 'EventDateRef' });
export type EventDateRef = z.infer<typeof eventDateRefSchema>;

/** GET /api/public/events/{id}/dates?from&to: days in the event's time zone, both included. */
export const publicDatesQuery = z
  .strictObject({ from: day, to: day })
  .refine((q) => q.to >= q.from, { error: 'event_dates.range_order', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_DATES_RANGE_DAYS, {
    error: 'event_dates.range_too_long',
    path: ['to'],
  });
export type PublicDatesQuery = z.infer<typeof publicDatesQuery>;

/** GET /api/public/events/{id}: the promo code to apply and the date whose tickets to show. */
export const publicEventQuery = z.object({
  promo_code: z.string().max(100).optional(),
  date: z.uuid({ error: 'event_dates.date_invalid' }).optional(),
});
export type PublicEventQuery = z.infer<typeof publicEventQuery>;

/** POST events/{id}/dates/{dateId}/cancel: refund what each order paid, and tell the buyers. */
export const cancelDateInput = z.strictObject({
  refund: z.boolean().default(true),
  notify_buyers: z.boolean().default(true),
});
export type CancelDateInput = z.output<typeof cancelDateInput>;
export const cancelledDateSchema = z.object({
  date: eventDateSchema,
  /** The orders the job is cancelling (each refunded, when asked, and its buyer told). */
  orders: z.number().int(),
});
export type CancelledDate = z.infer<typeof cancelledDateSchema>;

/**
 * POST events/{id}/dates/{dateId}/move: the date is cancelled and its orders move to another upcoming,
 * not cancelled date of the event, their tickets following; the buyers are told.
 */
export const moveDateInput = z.strictObject({
  to_event_date_id: z.uuid({ error: 'event_dates.move_target_required' }),
  notify_buyers: z.boolean().default(true),
});
export type MoveDateInput = z.output<typeof moveDateInput>;
export const movedDateSchema = z.object({
  date: eventDateSchema,
  /** The orders the job is moving, one transaction each (an order the new date has no room for stays). */
  orders: z.number().int(),
});
export type MovedDate = z.infer<typeof movedDateSchema>;
