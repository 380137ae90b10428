/** Check-in lists and the door (public, no login): what the back office sends and what both ends read. */
import { z } from 'zod';

const dateTime = z.iso.datetime({ offset: true, error: 'validation.datetime' });

/** A check-in list as the back office sends it; no ticket_ids (or an empty array) means every ticket. */
export const checkInListInput = z.strictObject({
  name: z.string().trim().min(1, { error: 'check_in.name_required' }).max(149, {
    error: 'check_in.name_too_long',
  }),
  ticket_ids: z.array(z.uuid()).max(500).optional(),
  activates_at: dateTime.nullish(),
  expires_at: dateTime.nullish(),
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

export interface CheckInList {
  id: string;
  event_id: string;
  short_id: string;
  name: string;
  ticket_ids: string[];
  activates_at: string | null;
  expires_at: string | null;
  attendees_count: number;
  checked_in_count: number;
  conflicts_count: number;
  created_at: string;
  updated_at: string;
}

/** An attendee as the door sees them; the e-mail masked (`m•••@example.com`). */
export interface DoorAttendee {
  short_id: string;
  first_name: string;
  last_name: string;
  email: string;
  ticket_name: string;
  checked_in_at: string | null;
}

/** Answers to the questions the organizer marked to be shown at the door. */
export interface DoorAnswer {
  question: string;
  answer: string;
}

/**
 * A row of the door's local copy (GET …/snapshot): enough to give a verdict offline. `qr_hash` is the
 * SHA-256 (hex) of the QR secret, so the device never holds the secrets themselves.
 */
export interface DoorSnapshotAttendee extends DoorAttendee {
  ticket_id: string;
  status: 'ACTIVE' | 'AWAITING_PAYMENT' | 'CANCELLED';
  qr_hash: string;
  answers: DoorAnswer[];
}

/**
 * GET …/snapshot?since=<version>: the attendees changed since `version` (all of them without it), in
 * pages. While `complete` is false, ask again with the `version` given; it is also a safe point to resume.
 */
export interface DoorSnapshot {
  data: DoorSnapshotAttendee[];
  meta: { version: string; complete: boolean };
}

export const DOOR_VERDICTS = [
  'ADMITTED',
  'ALREADY_CHECKED_IN',
  'CONFLICT',
  'NOT_COVERED',
  'CANCELLED',
  'AWAITING_PAYMENT',
  'NOT_FOUND',
] as const;
export type DoorVerdict = (typeof DOOR_VERDICTS)[number];

/**
 * The answer for one scan. ADMITTED: let in (also when resent). ALREADY_CHECKED_IN: refused, they were let in
 * at `checked_in_at`. CONFLICT: an offline scan the server could not keep (recorded for the organizer).
 */
export interface DoorCheckInResult {
  client_id: string;
  verdict: DoorVerdict;
  attendee: DoorAttendee | null;
  checked_in_at: string | null;
  message: string;
}

/** A conflict as the organizer sees it on the list's page. */
export interface CheckInConflict {
  id: string;
  reason: 'ALREADY_CHECKED_IN' | 'CANCELLED' | 'AWAITING_PAYMENT' | 'NOT_COVERED';
  attendee: { short_id: string; first_name: string; last_name: string; ticket_name: string };
  scanned_at: string;
  kept_scanned_at: string | null;
  created_at: string;
}

/** GET events/{id}/check_in_stats. */
export interface CheckInStats {
  total: { attendees_count: number; checked_in_count: number };
  lists: {
    id: string;
    name: string;
    short_id: string;
    attendees_count: number;
    checked_in_count: number;
    conflicts_count: number;
  }[];
}

/** What the door sees of its list. `ticket_ids` empty: every ticket of the event. */
export interface DoorList {
  short_id: string;
  name: string;
  ticket_ids: string[];
  activates_at: string | null;
  expires_at: string | null;
  event: { name: string; start_date: string; end_date: string | null; timezone: string };
  attendees_count: number;
  checked_in_count: number;
}
