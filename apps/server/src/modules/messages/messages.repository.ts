import type { AttendeeStatus, OrderStatus } from '@taquilla/shared';
import type { MessageAudience } from '@taquilla/shared/schemas/messages';
import { and, asc, count, desc, eq, exists, ilike, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import {
  attendees,
  events,
  messageDeliveries,
  messages,
  orderItems,
  orders,
  organizers,
  tickets,
  users,
} from '../../db/schema/index.ts';
import { type ListParams, type ListSpec, likePattern } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';

export type MessageRow = typeof messages.$inferSelect;
export type DeliveryRow = typeof messageDeliveries.$inferSelect;

export const messageListSpec: ListSpec = {
  sortable: {
    created_at: messages.created_at,
    send_at: messages.send_at,
    subject: messages.subject,
    status: messages.status,
  },
  defaultSort: { by: 'created_at', direction: 'desc' },
  filterable: {
    status: { column: messages.status, operators: ['eq', 'in'] },
  },
};

const scope = (accountId: string, eventId: string) =>
  and(eq(messages.account_id, accountId), eq(messages.event_id, eventId));

// ------------------------------------------------------------------ audience

/** What the service decides: the orders counted when the audience names no states, and the attendees left out. */
export type RecipientRule = { orderStatuses: readonly OrderStatus[]; excludedAttendees: AttendeeStatus };

/**
 * The audience as one query: a row per distinct address (lower-cased), with the name and the language of
 * its earliest order. Attendees in `rule.excludedAttendees` never count; only orders in the chosen states
 * (by default `rule.orderStatuses`).
 */
function recipientsQuery(
  q: Queryable,
  accountId: string,
  eventId: string,
  audience: MessageAudience,
  rule: RecipientRule,
) {
  const statuses = [...(audience.order_statuses ?? rule.orderStatuses)];
  const ticketIds = audience.ticket_ids ?? [];
  const ofDate = audience.event_date_id ? eq(orders.event_date_id, audience.event_date_id) : undefined;
  if (audience.type === 'ORDER_OWNERS' || audience.type === 'TICKET_ORDER_OWNERS') {
    const email = sql<string>`lower(${orders.email})`;
    return q
      .selectDistinctOn([email], {
        email: email.as('email'),
        first_name: orders.first_name,
        locale: orders.locale,
      })
      .from(orders)
      .where(
        and(
          eq(orders.account_id, accountId),
          eq(orders.event_id, eventId),
          sql`${orders.email} is not null and ${orders.email} <> ''`,
          inArray(orders.status, statuses),
          ofDate,
          audience.type === 'TICKET_ORDER_OWNERS'
            ? exists(
                q
                  .select({ one: sql`1` })
                  .from(orderItems)
                  .where(and(eq(orderItems.order_id, orders.id), inArray(orderItems.ticket_id, ticketIds))),
              )
            : undefined,
        ),
      )
      .orderBy(email, asc(orders.created_at));
  }
  const email = sql<string>`lower(${attendees.email})`;
  return q
    .selectDistinctOn([email], {
      email: email.as('email'),
      first_name: attendees.first_name,
      locale: orders.locale,
    })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.order_id))
    .where(
      and(
        eq(attendees.account_id, accountId),
        eq(attendees.event_id, eventId),
        ne(attendees.status, rule.excludedAttendees),
        inArray(orders.status, statuses),
        ofDate,
        audience.type === 'TICKET_HOLDERS' ? inArray(attendees.ticket_id, ticketIds) : undefined,
        audience.type === 'INDIVIDUAL_ATTENDEES'
          ? inArray(attendees.id, audience.attendee_ids ?? [])
          : undefined,
      ),
    )
    .orderBy(email, asc(attendees.created_at));
}

export async function countRecipients(
  q: Queryable,
  accountId: string,
  eventId: string,
  audience: MessageAudience,
  rule: RecipientRule,
): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await q.execute(
      sql`select count(*)::int as n from (${recipientsQuery(q, accountId, eventId, audience, rule)}) r`,
    ),
  );
  return row?.n ?? 0;
}

/** Writes one PENDING delivery per recipient; a second run adds nothing (unique message + address). */
export async function insertDeliveries(
  q: Queryable,
  message: MessageRow,
  rule: RecipientRule,
): Promise<number> {
  const recipients = recipientsQuery(q, message.account_id, message.event_id, message.audience, rule);
  await q.execute(sql`
    insert into message_deliveries (message_id, email, first_name, locale)
    select ${message.id}::uuid, r.email, r.first_name, r.locale from (${recipients}) r
    on conflict (message_id, email) do nothing`);
  const [row] = await q
    .select({ n: count() })
    .from(messageDeliveries)
    .where(eq(messageDeliveries.message_id, message.id));
  return row?.n ?? 0;
}

/** How many of the given ids are tickets of this event (the audience may only name its own tickets). */
export async function countEventTickets(q: Queryable, accountId: string, eventId: string, ids: string[]) {
  const [row] = await q
    .select({ n: count() })
    .from(tickets)
    .where(and(eq(tickets.account_id, accountId), eq(tickets.event_id, eventId), inArray(tickets.id, ids)));
  return row?.n ?? 0;
}

// ------------------------------------------------------------------ messages

export async function insertMessage(q: Queryable, values: typeof messages.$inferInsert) {
  return one(await q.insert(messages).values(values).returning());
}

export async function findMessage(q: Queryable, accountId: string, eventId: string, id: string) {
  const [row] = await q
    .select()
    .from(messages)
    .where(and(scope(accountId, eventId), eq(messages.id, id)))
    .limit(1);
  return row;
}

export async function listMessages(q: Queryable, accountId: string, eventId: string, params: ListParams) {
  const conditions: (SQL | undefined)[] = [scope(accountId, eventId), params.where];
  if (params.query) conditions.push(ilike(messages.subject, likePattern(params.query)));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    q
      .select()
      .from(messages)
      .where(where)
      .orderBy(params.orderBy, asc(messages.id))
      .limit(params.perPage)
      .offset(params.offset),
    q.select({ n: count() }).from(messages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Changes the state only from one of `from`; returns the row when it changed. */
export async function moveMessage(
  q: Queryable,
  accountId: string,
  id: string,
  from: MessageRow['status'][],
  values: Partial<typeof messages.$inferInsert>,
) {
  const [row] = await q
    .update(messages)
    .set(values)
    .where(and(eq(messages.account_id, accountId), eq(messages.id, id), inArray(messages.status, from)))
    .returning();
  return row;
}

export async function findMessageForSending(q: Queryable, accountId: string, id: string) {
  const [row] = await q
    .select()
    .from(messages)
    .where(and(eq(messages.account_id, accountId), eq(messages.id, id)))
    .limit(1);
  return row;
}

export interface DeliveryCounts {
  sent: number;
  failed: number;
  open: number;
}

export async function deliveryCounts(q: Queryable, messageIds: string[]) {
  const counts = new Map<string, DeliveryCounts>();
  if (!messageIds.length) return counts;
  const rows = await q
    .select({
      message_id: messageDeliveries.message_id,
      sent: sql<number>`count(*) filter (where ${messageDeliveries.status} = 'SENT')::int`,
      failed: sql<number>`count(*) filter (where ${messageDeliveries.status} = 'FAILED')::int`,
      open: sql<number>`count(*) filter (where ${messageDeliveries.status} in ('PENDING', 'SENDING'))::int`,
    })
    .from(messageDeliveries)
    .where(inArray(messageDeliveries.message_id, messageIds))
    .groupBy(messageDeliveries.message_id);
  for (const r of rows) counts.set(r.message_id, { sent: r.sent, failed: r.failed, open: r.open });
  return counts;
}

export async function authorsById(q: Queryable, ids: string[]) {
  if (!ids.length) return new Map<string, { id: string; first_name: string; last_name: string }>();
  const rows = await q
    .select({ id: users.id, first_name: users.first_name, last_name: users.last_name })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function findUserContact(q: Queryable, userId: string) {
  const [row] = await q
    .select({ email: users.email, first_name: users.first_name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The event as the message e-mails describe it (name, organizer, where replies go). */
export async function findMessageEvent(q: Queryable, accountId: string, eventId: string) {
  const [row] = await q
    .select({
      id: events.id,
      name: events.name,
      timezone: events.timezone,
      settings: events.settings,
      organizer_name: organizers.name,
      organizer_email: organizers.email,
    })
    .from(events)
    .innerJoin(organizers, eq(organizers.id, events.organizer_id))
    .where(and(eq(events.id, eventId), eq(events.account_id, accountId), isNull(events.deleted_at)))
    .limit(1);
  return row;
}

// ------------------------------------------------------------------ deliveries

const CLAIM_MINUTES = 5;

/**
 * Claims up to `limit` deliveries that are due: PENDING ones whose (re)try time has come, and SENDING ones
 * whose claim ran out (their worker died). SKIP LOCKED lets several workers share one message.
 */
export async function claimDeliveries(q: Queryable, messageId: string, limit: number) {
  return rowsOf<DeliveryRow>(
    await q.execute(sql`
      update message_deliveries set status = 'SENDING', attempts = attempts + 1,
        locked_until = now() + make_interval(mins => ${CLAIM_MINUTES})
      where id in (
        select id from message_deliveries
        where message_id = ${messageId}
          and ((status = 'PENDING' and next_attempt_at <= now()) or (status = 'SENDING' and locked_until < now()))
        order by id
        limit ${limit}
        for update skip locked
      )
      returning *`),
  ).sort((a, b) => a.id - b.id);
}

/**
 * Just before sending: true while the claim is still this worker's (same attempt) and not expired, and
 * renews it. A worker that stalled past its claim finds it taken over and must not send.
 */
export async function holdClaim(q: Queryable, d: Pick<DeliveryRow, 'id' | 'attempts'>): Promise<boolean> {
  const rows = await q
    .update(messageDeliveries)
    .set({ locked_until: sql`now() + make_interval(mins => ${CLAIM_MINUTES})` })
    .where(
      and(
        eq(messageDeliveries.id, d.id),
        eq(messageDeliveries.status, 'SENDING'),
        eq(messageDeliveries.attempts, d.attempts),
        sql`${messageDeliveries.locked_until} > now()`,
      ),
    )
    .returning({ id: messageDeliveries.id });
  return rows.length > 0;
}

/** Marks a claimed delivery sent; a claim taken over by another worker (same attempt) is left alone. */
export async function markDeliverySent(q: Queryable, d: Pick<DeliveryRow, 'id' | 'attempts'>) {
  await q
    .update(messageDeliveries)
    .set({ status: 'SENT', sent_at: new Date(), locked_until: null, last_error: null })
    .where(
      and(
        eq(messageDeliveries.id, d.id),
        eq(messageDeliveries.status, 'SENDING'),
        eq(messageDeliveries.attempts, d.attempts),
      ),
    );
}

/** A failed attempt: retried after `retryInSeconds`, or FAILED for good when that is null. */
export async function markDeliveryFailed(
  q: Queryable,
  d: Pick<DeliveryRow, 'id' | 'attempts'>,
  error: string,
  retryInSeconds: number | null,
) {
  await q.execute(sql`
    update message_deliveries set locked_until = null, last_error = ${error.slice(0, 1000)},
      status = ${retryInSeconds === null ? 'FAILED' : 'PENDING'},
      next_attempt_at = now() + make_interval(secs => ${retryInSeconds ?? 0})
    where id = ${d.id} and status = 'SENDING' and attempts = ${d.attempts}`);
}

/** When the next delivery of the message becomes due (null: none is left to send). */
export async function nextDueAt(q: Queryable, messageId: string): Promise<Date | null> {
  const [row] = rowsOf<{ at: Date | string | null }>(
    await q.execute(sql`
      select min(case when status = 'PENDING' then next_attempt_at else locked_until end) as at
      from message_deliveries where message_id = ${messageId} and status in ('PENDING', 'SENDING')`),
  );
  return row?.at ? new Date(row.at) : null;
}

/** The event's deliveries given up on, with their message's subject: the failed e-mails view. */
export async function listFailedDeliveries(q: Queryable, accountId: string, eventId: string, limit = 500) {
  return q
    .select({
      id: messageDeliveries.id,
      message_id: messageDeliveries.message_id,
      subject: messages.subject,
      email: messageDeliveries.email,
      attempts: messageDeliveries.attempts,
      last_error: messageDeliveries.last_error,
    })
    .from(messageDeliveries)
    .innerJoin(messages, eq(messages.id, messageDeliveries.message_id))
    .where(
      and(
        eq(messages.account_id, accountId),
        eq(messages.event_id, eventId),
        eq(messageDeliveries.status, 'FAILED'),
      ),
    )
    .orderBy(desc(messageDeliveries.id))
    .limit(limit);
}

/**
 * The message's FAILED deliveries become due again; answers how many. Their attempt count goes on (it
 * fences a stalled worker's claim), so each retry by the organizer is one more try.
 */
export async function retryFailedDeliveries(q: Queryable, messageId: string) {
  const rows = await q
    .update(messageDeliveries)
    .set({ status: 'PENDING', next_attempt_at: sql`now()` })
    .where(and(eq(messageDeliveries.message_id, messageId), eq(messageDeliveries.status, 'FAILED')))
    .returning({ id: messageDeliveries.id });
  return rows.length;
}
