/** The check-in API's shapes (server: apps/server/src/modules/check-in/check-in.schemas.ts). */
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

export interface CheckInListInput {
  name: string;
  ticket_ids: string[];
  activates_at: string | null;
  expires_at: string | null;
}

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

export interface DoorAttendee {
  short_id: string;
  first_name: string;
  last_name: string;
  email: string;
  ticket_name: string;
  checked_in_at: string | null;
}
