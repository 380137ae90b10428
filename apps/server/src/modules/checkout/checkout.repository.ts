import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import {
  events,
  organizers,
  type promoCodes,
  questions,
  type ticketPrices,
  type tickets,
} from '../../db/schema/index.ts';

/** Reads of what the public order flow sells: the event, its tickets, codes and questions. */

export async function findEvent(q: Queryable, eventId: string) {
  const [row] = await q
    .select({ event: events, organizerName: organizers.name })
    .from(events)
    .innerJoin(organizers, eq(organizers.id, events.organizer_id))
    .where(and(eq(events.id, eventId), isNull(events.deleted_at)))
    .limit(1);
  return row ? { ...row.event, organizer_name: row.organizerName } : undefined;
}
export type EventRow = NonNullable<Awaited<ReturnType<typeof findEvent>>>;

export type TicketRow = typeof tickets.$inferSelect;
export type PriceRow = typeof ticketPrices.$inferSelect;
export type SellableTicket = TicketRow & {
  prices: PriceRow[];
  taxes: {
    id: string;
    name: string;
    type: 'TAX' | 'FEE';
    calculation: 'PERCENTAGE' | 'FIXED';
    value: number;
  }[];
};

export type PromoRow = typeof promoCodes.$inferSelect;

export async function loadVisibleQuestions(q: Queryable, eventId: string) {
  return q
    .select()
    .from(questions)
    .where(and(eq(questions.event_id, eventId), eq(questions.is_hidden, false)))
    .orderBy(asc(questions.sort_order), asc(questions.id));
}
export type QuestionRow = typeof questions.$inferSelect;

/** One call of the `checkout_context` database function (migrations 0003, 0005): see reservation-context.ts. */
export async function selectCheckoutContext(q: Queryable, arg: Record<string, unknown>): Promise<unknown> {
  const [row] = rowsOf<{ context: unknown }>(
    await q.execute(sql`select checkout_context(${JSON.stringify(arg)}::jsonb) as context`),
  );
  return typeof row?.context === 'string' ? JSON.parse(row.context) : row?.context;
}

/** One call of the `checkout_reserve` database function (migrations 0003, 0005): see reserve-units.ts. */
export async function callCheckoutReserve(q: Queryable, arg: Record<string, unknown>): Promise<unknown[]> {
  const [row] = rowsOf<{ answers: unknown }>(
    await q.execute(sql`select checkout_reserve(${JSON.stringify(arg)}::jsonb) as answers`),
  );
  const answers = typeof row?.answers === 'string' ? JSON.parse(row.answers) : row?.answers;
  if (!Array.isArray(answers)) throw new Error('checkout_reserve gave no answers');
  return answers;
}
