import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { eventDates } from './event-dates.ts';
import { capacityAssignments } from './selling.ts';

/**
 * The dates a capacity assignment is limited to (#27). No row: it applies to every date of its event (and
 * to a single-date event), counting their units together. With rows: it counts and limits only the units
 * of orders on those dates, together (a limit shared across the listed dates, like the unlimited one is
 * shared across all dates); orders on other dates ignore it. Checked in `stock_levels` (migration 0034).
 */
export const capacityAssignmentDates = pgTable(
  'capacity_assignment_dates',
  {
    capacity_assignment_id: uuid('capacity_assignment_id')
      .notNull()
      .references(() => capacityAssignments.id, { onDelete: 'cascade' }),
    event_date_id: uuid('event_date_id')
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.capacity_assignment_id, t.event_date_id] }),
    index('capacity_dates_date_idx').on(t.event_date_id),
  ],
);
