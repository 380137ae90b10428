/** Attendees in the back office: one per ticket unit of an order (the holder of a QR code). */
import { z } from 'zod';
import type { AttendeeStatus } from '../enums.ts';

const name = z
  .string()
  .trim()
  .min(1, { error: 'attendees.name_length' })
  .max(50, { error: 'attendees.name_length' });

/** PUT events/{id}/attendees/{attendeeId}: the organizer corrects who holds the ticket. */
export const attendeeUpdateInput = z.strictObject({
  first_name: name,
  last_name: name,
  email: z.email().max(254),
});
export type AttendeeUpdateInput = z.infer<typeof attendeeUpdateInput>;

export interface ManageAttendee {
  id: string;
  short_id: string;
  first_name: string;
  last_name: string;
  email: string;
  status: AttendeeStatus;
  ticket_id: string;
  ticket_name: string;
  price_label: string | null;
  order_id: string;
  order_short_id: string;
  answers: Record<string, unknown>;
  /** The latest check-in on any list, or null. */
  checked_in_at: string | null;
  created_at: string;
}

/** GET events/{id}/attendees/{attendeeId}: the attendee, their check-ins and the event's questions. */
export interface ManageAttendeeDetail extends ManageAttendee {
  check_ins: { list_name: string; created_at: string }[];
  questions: { id: string; title: string; belongs_to: 'ORDER' | 'ATTENDEE'; type: string }[];
}
