import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { attendees, checkIns, events, orderItems, orders, ticketTransfers } from '../../db/schema/index.ts';

/**
 * A ticket by its public short id with what deciding a change needs; `lock` takes the attendee row
 * FOR UPDATE (a check-in of the same ticket holds it FOR SHARE, see check-in.sync.ts).
 */
export async function findTicket(q: Queryable, eventId: string, shortId: string, lock = false) {
  const query = q
    .select({
      attendee: attendees,
      order: { id: orders.id, account_id: orders.account_id, status: orders.status, locale: orders.locale },
      ticket_name: orderItems.ticket_name,
      event: {
        id: events.id,
        name: events.name,
        start_date: events.start_date,
        timezone: events.timezone,
        settings: events.settings,
      },
    })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.order_id))
    .innerJoin(orderItems, eq(orderItems.id, attendees.order_item_id))
    .innerJoin(events, eq(events.id, attendees.event_id))
    .where(and(eq(attendees.event_id, eventId), eq(attendees.short_id, shortId), isNull(events.deleted_at)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: attendees }) : await query;
  return row;
}

export type TicketRow = NonNullable<Awaited<ReturnType<typeof findTicket>>>;

/** Whether the ticket was let in on any list of its event. */
export async function isCheckedIn(q: Queryable, accountId: string, attendeeId: string) {
  const [row] = await q
    .select({ id: checkIns.id })
    .from(checkIns)
    .where(and(eq(checkIns.account_id, accountId), eq(checkIns.attendee_id, attendeeId)))
    .limit(1);
  return Boolean(row);
}

export async function updateHolder(
  q: Queryable,
  accountId: string,
  attendeeId: string,
  values: Partial<
    Pick<typeof attendees.$inferInsert, 'first_name' | 'last_name' | 'email' | 'short_id' | 'qr_secret'>
  > & { transferred?: boolean },
) {
  const { transferred, ...set } = values;
  await q
    .update(attendees)
    .set({
      ...set,
      ...(transferred ? { transfer_count: sql`${attendees.transfer_count} + 1` } : {}),
    })
    .where(and(eq(attendees.account_id, accountId), eq(attendees.id, attendeeId)));
}

/** Records a transfer in the caller's transaction; its door version is that transaction's id. */
export async function insertTransfer(
  q: Queryable,
  values: Omit<typeof ticketTransfers.$inferInsert, 'door_version'>,
) {
  const [row] = await q
    .insert(ticketTransfers)
    .values({ ...values, door_version: sql`pg_current_xact_id()::text::bigint` })
    .returning({ id: ticketTransfers.id });
  return row?.id ?? '';
}
