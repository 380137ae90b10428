import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import {
  events,
  orderItems,
  orders,
  organizers,
  type promoCodes,
  questions,
  type ticketPrices,
  type tickets,
} from '../../db/schema/index.ts';

import { templatesOfEventSql } from '../email-templates/email-templates.service.ts';
import type { OrderItemRow } from '../orders/orders.service.ts';

/** Reads of what the public order flow sells: the event, its tickets, codes and questions; an order's context. */

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

export type QuestionRow = typeof questions.$inferSelect;

/** What the details and payment steps check an answer against. */
export type AskedQuestion = Pick<
  QuestionRow,
  'id' | 'type' | 'options' | 'required' | 'belongs_to' | 'ticket_ids'
>;

/**
 * Everything the details and payment steps read, in one round trip: the order of a public link, its
 * event (with the organizer's name), its items and the event's visible questions. Undefined when the
 * order or its event does not exist.
 */
const orderContextQuery = preparedQuery((q) =>
  q
    .select({
      order: orders,
      event: events,
      organizerName: organizers.name,
      // The organizer's e-mail texts ride along: completing the order renders its e-mails from them.
      emailTemplates: templatesOfEventSql(sql`${events.account_id}`, sql`${events.id}`),
      items: sql<OrderItemRow[]>`(
        select coalesce(json_agg(oi order by oi.ticket_name, oi.id), '[]'::json)
        from ${orderItems} oi where oi.order_id = ${orders.id})`,
      questions: sql<AskedQuestion[]>`(
        select coalesce(json_agg(json_build_object(
          'id', qu.id, 'type', qu.type, 'options', qu.options, 'required', qu.required,
          'belongs_to', qu.belongs_to, 'ticket_ids', qu.ticket_ids) order by qu.sort_order, qu.id), '[]'::json)
        from ${questions} qu where qu.event_id = ${events.id} and not qu.is_hidden)`,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.event_id))
    .innerJoin(organizers, eq(organizers.id, events.organizer_id))
    .where(
      and(
        eq(orders.event_id, sql.placeholder('eventId')),
        eq(orders.short_id, sql.placeholder('shortId')),
        isNull(events.deleted_at),
      ),
    )
    .limit(1)
    .prepare('load_order_context'),
);

export async function loadOrderContext(q: Queryable, eventId: string, shortId: string) {
  const [row] = await orderContextQuery(q).execute({ eventId, shortId });
  if (!row) return undefined;
  return {
    order: row.order,
    event: { ...row.event, organizer_name: row.organizerName, email_templates: row.emailTemplates },
    items: row.items,
    questions: row.questions,
  };
}
export type OrderContext = NonNullable<Awaited<ReturnType<typeof loadOrderContext>>>;

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
