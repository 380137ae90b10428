/** Attendees in the back office: one per ticket unit of an order (the holder of a QR code). */
import { z } from 'zod';
import { ATTENDEE_STATUSES, ORDER_STATUSES } from '../enums.ts';
import { eventDateRefSchema } from './event-dates.ts';
import { answeredQuestionSchema, answers, attendeeActionsSchema } from './orders.ts';

const name = z
  .string()
  .trim()
  .min(1, { error: 'attendees.name_length' })
  .max(50, { error: 'attendees.name_length' });

/**
 * PUT events/{id}/attendees/{attendeeId}: the organizer corrects who holds the ticket and, when sent, the
 * answers to the attendee's questions (checked as checkout checks them).
 */
export const attendeeUpdateInput = z.strictObject({
  first_name: name,
  last_name: name,
  email: z.email().max(254),
  answers: answers.optional(),
});
export type AttendeeUpdateInput = z.infer<typeof attendeeUpdateInput>;

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

export const manageAttendeeSchema = z
  .object({
    id: z.string(),
    short_id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    status: z.enum(ATTENDEE_STATUSES),
    ticket_id: z.string(),
    ticket_name: z.string(),
    price_label: z.string().nullable(),
    order_id: z.string(),
    order_short_id: z.string(),
    /** The order's status: an attendee of a cancelled order cannot be reactivated. */
    order_status: z.enum(ORDER_STATUSES),
    event_date: eventDateRefSchema.nullable(),
    answers: z.record(z.string(), z.unknown()),
    /** The latest check-in on any list, or null. */
    checked_in_at: z.string().nullable(),
    created_at: z.string(),
    actions: attendeeActionsSchema,
  })
  .meta({ id: 'ManageAttendee' });
export type ManageAttendee = z.infer<typeof manageAttendeeSchema>;

/** GET events/{id}/attendees/{attendeeId}: the attendee, their check-ins and the event's questions. */
export const manageAttendeeDetailSchema = manageAttendeeSchema
  .extend({
    check_ins: z.array(
      z.object({
        list_name: z.string(),
        created_at: z.string(),
      }),
    ),
    questions: z.array(answeredQuestionSchema),
  })
  .meta({ id: 'ManageAttendeeDetail' });
export type ManageAttendeeDetail = z.infer<typeof manageAttendeeDetailSchema>;
