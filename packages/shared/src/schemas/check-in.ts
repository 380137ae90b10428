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

export const checkInInput = z.strictObject({
  code: z.string().trim().min(1, { error: 'check_in.code_required' }).max(200),
});

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
  created_at: string;
  updated_at: string;
}

/** An attendee as the door sees them. */
export interface DoorAttendee {
  short_id: string;
  first_name: string;
  last_name: string;
  email: string;
  ticket_name: string;
  checked_in_at: string | null;
}

/** GET events/{id}/check_in_stats. */
export interface CheckInStats {
  total: { attendees_count: number; checked_in_count: number };
  lists: { id: string; name: string; short_id: string; attendees_count: number; checked_in_count: number }[];
}

/** What the door sees of its list. */
export interface DoorList {
  short_id: string;
  name: string;
  activates_at: string | null;
  expires_at: string | null;
  event: { name: string; start_date: string; end_date: string | null; timezone: string };
  attendees_count: number;
  checked_in_count: number;
}
