/** Capacity assignments: a named shared limit over several tickets of an event. */
import { z } from 'zod';

export const CAPACITY_STATUSES = ['ACTIVE', 'INACTIVE'] as const;

export const capacityAssignmentInput = z.strictObject({
  name: z.string().trim().min(1).max(149),
  capacity: z.number().int().min(1).max(10_000_000),
  status: z.enum(CAPACITY_STATUSES).optional(),
  ticket_ids: z.array(z.uuid()).min(1, { error: 'capacity.tickets_required' }).max(500),
});
export type CapacityAssignmentInput = z.infer<typeof capacityAssignmentInput>;

export interface CapacityAssignment {
  id: string;
  event_id: string;
  name: string;
  capacity: number;
  status: (typeof CAPACITY_STATUSES)[number];
  ticket_ids: string[];
  /** Units sold or reserved (non-expired) across its tickets. */
  used: number;
  remaining: number;
  created_at: string;
  updated_at: string;
}
