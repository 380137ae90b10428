/** Capacity assignments: a named shared limit over several tickets of an event. */
import { z } from 'zod';
import { eventDateRefSchema } from './event-dates.ts';
import { MAX_LIMITED_DATES } from './promo-codes.ts';

export const CAPACITY_STATUSES = ['ACTIVE', 'INACTIVE'] as const;

export const capacityAssignmentInput = z.strictObject({
  name: z.string().trim().min(1).max(149),
  capacity: z.number().int().min(1).max(10_000_000),
  status: z.enum(CAPACITY_STATUSES).optional(),
  ticket_ids: z.array(z.uuid()).min(1, { error: 'capacity.tickets_required' }).max(500),
  /**
   * The event dates it is limited to (#27); empty or omitted: every date. Limited, it counts and limits
   * only orders on those dates, one limit shared across them.
   */
  event_date_ids: z.array(z.uuid()).max(MAX_LIMITED_DATES).optional(),
});
export type CapacityAssignmentInput = z.infer<typeof capacityAssignmentInput>;

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

export const capacityAssignmentSchema = z
  .object({
    id: z.string(),
    event_id: z.string(),
    name: z.string(),
    capacity: z.number(),
    status: z.enum(CAPACITY_STATUSES),
    ticket_ids: z.array(z.string()),
    /** The dates it is limited to (empty: every date), and those dates (start, end, place). */
    event_date_ids: z.array(z.string()),
    event_dates: z.array(eventDateRefSchema),
    /** Units sold or reserved (non-expired) across its tickets (on its dates when limited to dates). */
    used: z.number(),
    remaining: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'CapacityAssignment' });
export type CapacityAssignment = z.infer<typeof capacityAssignmentSchema>;
