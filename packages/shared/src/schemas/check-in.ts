/** Check-in lists and the door (public, no login): what the back office sends and what both ends read. */
import { z } from 'zod';
import { eventDateRefSchema } from './event-dates.ts';

const dateTime = z.iso.datetime({ offset: true, error: 'validation.datetime' });

/** A check-in list as the back office sends it; no ticket_ids (or an empty array) means every ticket. */
export const checkInListInput = z
  .strictObject({
    name: z.string().trim().min(1, { error: 'check_in.name_required' }).max(149, {
      error: 'check_in.name_too_long',
    }),
    ticket_ids: z.array(z.uuid()).max(500).optional(),
    activates_at: dateTime.nullish(),
    expires_at: dateTime.nullish(),
    /** The one date of the event this list admits (null or absent: every date). */
    event_date_id: z.uuid({ error: 'check_in.unknown_date' }).nullish(),
  })
  .superRefine((list, ctx) => {
    if (
      list.activates_at &&
      list.expires_at &&
      Date.parse(list.expires_at) <= Date.parse(list.activates_at)
    ) {
      ctx.addIssue({ code: 'custom', path: ['expires_at'], message: 'check_in.window_order' });
    }
  });
export type CheckInListInput = z.infer<typeof checkInListInput>;

/** Most check-ins one upload may carry: a device that was offline for a whole evening. */
export const MAX_CHECK_IN_BATCH = 5000;

/**
 * POST /public/check-in-lists/{shortId}/check-ins: scans from one door device, online (one at a time, the
 * door waits for the answer) or uploaded later. `code` is what the QR holds or the attendee's short id;
 * `client_id` makes a resend harmless; `offline` says the door already let the person in without asking.
 */
export const doorCheckInBatch = z.strictObject({
  check_ins: z
    .array(
      z.strictObject({
        client_id: z.string().trim().min(8).max(64),
        code: z.string().trim().min(1, { error: 'check_in.code_required' }).max(200),
        scanned_at: dateTime,
        offline: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(MAX_CHECK_IN_BATCH),
});
export type DoorCheckInBatch = z.infer<typeof doorCheckInBatch>;

/** POST events/{id}/check-in-lists/{listId}/check-ins: the organizer checks one attendee in at the desk. */
export const backOfficeCheckInSchema = z.strictObject({ attendee_id: z.uuid() });
export type BackOfficeCheckIn = z.infer<typeof backOfficeCheckInSchema>;

export const DOOR_VERDICTS = [
  'ADMITTED',
  'ALREADY_CHECKED_IN',
  'CONFLICT',
  'NOT_COVERED',
  'CANCELLED',
  'AWAITING_PAYMENT',
  'NOT_FOUND',
  'TRANSFERRED',
  'WRONG_DATE',
] as const;
export type DoorVerdict = (typeof DOOR_VERDICTS)[number];

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

export const checkInListSchema = z
  .object({
    id: z.string(),
    event_id: z.string(),
    short_id: z.string(),
    name: z.string(),
    ticket_ids: z.array(z.string()),
    activates_at: z.string().nullable(),
    expires_at: z.string().nullable(),
    /** The one date it admits; null: every date of the event. */
    event_date: eventDateRefSchema.nullable(),
    attendees_count: z.number(),
    checked_in_count: z.number(),
    conflicts_count: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'CheckInList' });
export type CheckInList = z.infer<typeof checkInListSchema>;

/** An attendee as the door sees them; the e-mail masked (`m•••@example.com`). */
export const doorAttendeeSchema = z
  .object({
    short_id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    ticket_name: z.string(),
    /** The date their ticket is for; null on an event without dates. */
    event_date: eventDateRefSchema.nullable(),
    checked_in_at: z.string().nullable(),
  })
  .meta({ id: 'DoorAttendee' });
export type DoorAttendee = z.infer<typeof doorAttendeeSchema>;

/** Answers to the questions the organizer marked to be shown at the door. */
export const doorAnswerSchema = z
  .object({
    question: z.string(),
    answer: z.string(),
  })
  .meta({ id: 'DoorAnswer' });
export type DoorAnswer = z.infer<typeof doorAnswerSchema>;

/**
 * A row of the door's local copy (GET …/snapshot): enough to give a verdict offline. `qr_hash` is the
 * SHA-256 (hex) of the QR secret, so the device never holds the secrets themselves.
 */
export const doorSnapshotAttendeeSchema = doorAttendeeSchema
  .extend({
    ticket_id: z.string(),
    status: z.enum(['ACTIVE', 'AWAITING_PAYMENT', 'CANCELLED', 'TRANSFERRED']),
    qr_hash: z.string(),
    answers: z.array(doorAnswerSchema),
  })
  .meta({ id: 'DoorSnapshotAttendee' });
export type DoorSnapshotAttendee = z.infer<typeof doorSnapshotAttendeeSchema>;

/**
 * GET …/snapshot?since=<version>: the attendees changed since `version` (all of them without it), in
 * pages. While `complete` is false, ask again with the `version` given; it is also a safe point to resume.
 */
export const doorSnapshotSchema = z
  .object({
    data: z.array(doorSnapshotAttendeeSchema),
    meta: z.object({
      version: z.string(),
      complete: z.boolean(),
    }),
  })
  .meta({ id: 'DoorSnapshot' });
export type DoorSnapshot = z.infer<typeof doorSnapshotSchema>;

/**
 * The answer for one scan. ADMITTED: let in (also when resent). ALREADY_CHECKED_IN: refused, they were let in
 * at `checked_in_at`. CONFLICT: an offline scan the server could not keep (recorded for the organizer).
 */
export const doorCheckInResultSchema = z
  .object({
    client_id: z.string(),
    verdict: z.enum(DOOR_VERDICTS),
    attendee: doorAttendeeSchema.nullable(),
    checked_in_at: z.string().nullable(),
    message: z.string(),
  })
  .meta({ id: 'DoorCheckInResult' });
export type DoorCheckInResult = z.infer<typeof doorCheckInResultSchema>;

export const CHECK_IN_CONFLICT_REASONS = [
  'ALREADY_CHECKED_IN',
  'CANCELLED',
  'AWAITING_PAYMENT',
  'NOT_COVERED',
  'TRANSFERRED',
  'WRONG_DATE',
] as const;

/** A conflict as the organizer sees it on the list's page. */
export const checkInConflictSchema = z
  .object({
    id: z.string(),
    reason: z.enum(CHECK_IN_CONFLICT_REASONS),
    attendee: z.object({
      short_id: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      ticket_name: z.string(),
      /** When the ticket's own date starts (events with dates), to say which date a WRONG_DATE was for. */
      date_starts_at: z.string().nullable(),
    }),
    scanned_at: z.string(),
    kept_scanned_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'CheckInConflict' });
export type CheckInConflict = z.infer<typeof checkInConflictSchema>;

/** GET events/{id}/check_in_stats. */
export const checkInStatsSchema = z
  .object({
    total: z.object({
      attendees_count: z.number(),
      checked_in_count: z.number(),
    }),
    lists: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        short_id: z.string(),
        attendees_count: z.number(),
        checked_in_count: z.number(),
        conflicts_count: z.number(),
      }),
    ),
  })
  .meta({ id: 'CheckInStats' });
export type CheckInStats = z.infer<typeof checkInStatsSchema>;

/** What the door sees of its list. `ticket_ids` empty: every ticket of the event. */
export const doorListSchema = z
  .object({
    short_id: z.string(),
    name: z.string(),
    ticket_ids: z.array(z.string()),
    activates_at: z.string().nullable(),
    expires_at: z.string().nullable(),
    /** The one date it admits; null: every date of the event. */
    event_date: eventDateRefSchema.nullable(),
    event: z.object({
      name: z.string(),
      start_date: z.string(),
      end_date: z.string().nullable(),
      timezone: z.string(),
    }),
    attendees_count: z.number(),
    checked_in_count: z.number(),
  })
  .meta({ id: 'DoorList' });
export type DoorList = z.infer<typeof doorListSchema>;
