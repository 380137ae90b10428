/** The waiting list: the public sign-up, the organizer's settings and list (zod, both ends). */
import { z } from 'zod';
import { SUPPORTED_LOCALES } from '../enums.ts';
import { eventDateRefSchema } from './event-dates.ts';

export const WAITLIST_STATES = ['WAITING', 'OFFERED', 'PURCHASED', 'EXPIRED', 'LEFT'] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];

export const joinWaitlistInput = z.strictObject({
  ticket_id: z.uuid(),
  /** The tier; omitted = the ticket's first visible tier. */
  price_id: z.uuid().optional(),
  /** The date waited for: required when the event has dates (#27), refused when it has none. */
  event_date_id: z.uuid().optional(),
  first_name: z.string().trim().min(1, { error: 'waitlist.name_required' }).max(100),
  last_name: z.string().trim().max(100).optional(),
  email: z.email({ error: 'waitlist.email_invalid' }).max(254),
  quantity: z.number().int().min(1).max(10_000),
  locale: z.enum(SUPPORTED_LOCALES).optional(),
  /** The buyer accepted the consent text. */
  consent: z.literal(true, { error: 'waitlist.consent_required' }),
});
export type JoinWaitlistInput = z.infer<typeof joinWaitlistInput>;

export const leaveWaitlistInput = z.strictObject({ token: z.string().min(20).max(100) });

/** How long an offer may hold its units: from a quarter of an hour to two weeks. */
export const WAITLIST_OFFER_MINUTES_MIN = 15;
export const WAITLIST_OFFER_MINUTES_MAX = 14 * 24 * 60;

export const waitlistSettingsInput = z.strictObject({
  /** How long an offer holds its units, in minutes (default 24 h). */
  offer_minutes: z
    .number({ error: 'waitlist.offer_duration' })
    .int({ error: 'waitlist.offer_duration' })
    .min(WAITLIST_OFFER_MINUTES_MIN, { error: 'waitlist.offer_duration' })
    .max(WAITLIST_OFFER_MINUTES_MAX, { error: 'waitlist.offer_duration' }),
  /** Off: the organizer sends offers by hand from the list. */
  auto_offer: z.boolean(),
});
export type WaitlistSettings = z.infer<typeof waitlistSettingsInput>;

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

export const waitlistEntrySchema = z
  .object({
    id: z.string(),
    ticket_id: z.string(),
    ticket_name: z.string(),
    price_id: z.string(),
    price_label: z.string().nullable(),
    /** The date waited for (#27); null on a single-date event. */
    event_date_id: z.string().nullable(),
    event_date: eventDateRefSchema.nullable(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    quantity: z.number(),
    locale: z.string(),
    state: z.enum(WAITLIST_STATES),
    /** Place among the waiting entries of its ticket and date (1 = next); null unless WAITING. */
    position: z.number().nullable(),
    order_short_id: z.string().nullable(),
    offered_at: z.string().nullable(),
    offer_expires_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'WaitlistEntry' });
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** The waiting list settings of an event as the API answers them. */
export const waitlistSettingsSchema = z.object({ offer_minutes: z.number(), auto_offer: z.boolean() });
/** A buyer's sign-up: the entry and where it stands (already waiting or offered: unchanged). */
export const waitlistJoinedSchema = z.object({ id: z.string(), state: z.enum(WAITLIST_STATES) });
/** The leave link: where the entry stands now. */
export const waitlistLeftSchema = z.object({ state: z.enum(WAITLIST_STATES) });
