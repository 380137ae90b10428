import { timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const timestamps = {
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
