import type { AttendeeStatus } from '@taquilla/shared';
import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import { attendees, checkInLists, checkIns, events, tickets } from '../../db/schema/index.ts';
import { type ListParams, likePattern } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';

export type CheckInListRow = typeof checkInLists.$inferSelect;
export type Counts = { attendees_count: number; checked_in_count: number; conflicts_count: number };
export const NO_COUNTS: Counts = { attendees_count: 0, checked_in_count: 0, conflicts_count: 0 };

export const checkInListSpec = {
  sortable: { name: checkInLists.name, created_at: checkInLists.created_at },
  defaultSort: { by: 'created_at', direction: 'desc' as const },
};

/** Door search: by name, so the door sees people in alphabetical order. */
export const doorListSpec = {
  sortable: { name: sql`lower(${attendees.last_name} || ' ' || ${attendees.first_name})` },
  defaultSort: { by: 'name', direction: 'asc' as const },
};

const scope = (accountId: string, eventId: string) =>
  and(eq(checkInLists.account_id, accountId), eq(checkInLists.event_id, eventId));

/**
 * Attendees in `status` of the list's event holding one of its tickets, for its date when it has one
 * (`l` is the list, `a` the attendee).
 */
const covers = (status: AttendeeStatus) => sql`a.event_id = l.event_id and a.status = ${status}
  and (jsonb_array_length(l.ticket_ids) = 0 or l.ticket_ids @> to_jsonb(a.ticket_id::text))
  and (l.event_date_id is null or a.event_date_id = l.event_date_id)`;

export async function listLists(q: Queryable, accountId: string, eventId: string, params: ListParams) {
  const where = and(
    scope(accountId, eventId),
    params.where,
    params.query ? ilike(checkInLists.name, likePattern(params.query)) : undefined,
  );
  const [rows, totals] = await Promise.all([
    q
      .select()
      .from(checkInLists)
      .where(where)
      .orderBy(params.orderBy, asc(checkInLists.id))
      .limit(params.perPage)
      .offset(params.offset),
    q.select({ total: count() }).from(checkInLists).where(where),
  ]);
  const { total } = one(totals);
  return { rows, total };
}

export const allLists = (q: Queryable, accountId: string, eventId: string) =>
  q.select().from(checkInLists).where(scope(accountId, eventId)).orderBy(asc(checkInLists.created_at));

/** Every list of the account's events that are not deleted, with its event's name, by event then creation. */
/** Every list of the account's events, or of the events of `organizerIds` when the caller is limited. */
export async function accountLists(q: Queryable, accountId: string, organizerIds: string[] | null) {
  const scoped = organizerIds
    ? sql`and e.organizer_id = any(string_to_array(${organizerIds.join(',')}, ',')::uuid[])`
    : sql``;
  return rowsOf<{ id: string; name: string; event_id: string; event_name: string }>(
    await q.execute(sql`
      select l.id, l.name, l.event_id, e.name as event_name
      from check_in_lists l join events e on e.id = l.event_id and e.account_id = l.account_id
      where l.account_id = ${accountId}::uuid and e.deleted_at is null ${scoped}
      order by e.start_date desc, e.id, l.created_at`),
  );
}

export async function findList(q: Queryable, accountId: string, eventId: string, id: string) {
  const [row] = await q
    .select()
    .from(checkInLists)
    .where(and(scope(accountId, eventId), eq(checkInLists.id, id)))
    .limit(1);
  return row;
}

export async function insertList(q: Queryable, values: typeof checkInLists.$inferInsert) {
  return one(await q.insert(checkInLists).values(values).returning());
}

export async function updateList(
  q: Queryable,
  accountId: string,
  id: string,
  values: Partial<typeof checkInLists.$inferInsert>,
) {
  await q
    .update(checkInLists)
    .set({ ...values, updated_at: sql`now()` as unknown as Date })
    .where(and(eq(checkInLists.account_id, accountId), eq(checkInLists.id, id)));
}

export async function deleteList(q: Queryable, accountId: string, id: string) {
  await q.delete(checkInLists).where(and(eq(checkInLists.account_id, accountId), eq(checkInLists.id, id)));
}

/**
 * Per list of this account: the attendees in `status` it covers and how many of them are checked in on
 * it. One query for all lists.
 */
export async function countsByList(
  q: Queryable,
  accountId: string,
  listIds: string[],
  status: AttendeeStatus,
  /** Only the attendees of this date of the event (a report of one date). */
  eventDateId: string | null = null,
): Promise<Map<string, Counts>> {
  if (listIds.length === 0) return new Map();
  const ofDate = eventDateId ? sql` and a.event_date_id = ${eventDateId}::uuid` : sql``;
  const ids = sql.join(
    listIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = rowsOf<{ id: string; total: number; checked: number; conflicts: number }>(
    await q.execute(sql`
      select l.id,
        (select count(*) from attendees a where ${covers(status)}${ofDate})::int as total,
        (select count(*) from check_ins c join attendees a on a.id = c.attendee_id
          where c.check_in_list_id = l.id and ${covers(status)}${ofDate})::int as checked,
        (select count(*) from check_in_conflicts x where x.check_in_list_id = l.id)::int as conflicts
      from check_in_lists l where l.account_id = ${accountId}::uuid and l.id in (${ids})`),
  );
  return new Map(
    rows.map((r) => [
      String(r.id),
      {
        attendees_count: Number(r.total),
        checked_in_count: Number(r.checked),
        conflicts_count: Number(r.conflicts),
      },
    ]),
  );
}

/** The event as a whole: attendees in `status`, and how many of them are checked in on any list. */
export async function eventCounts(
  q: Queryable,
  eventId: string,
  status: AttendeeStatus,
): Promise<Omit<Counts, 'conflicts_count'>> {
  const row = one(
    rowsOf<{ total: number; checked: number }>(
      await q.execute(sql`
      select count(*)::int as total,
        count(*) filter (where exists (select 1 from check_ins c where c.attendee_id = a.id))::int as checked
      from attendees a where a.event_id = ${eventId}::uuid and a.status = ${status}`),
    ),
  );
  return { attendees_count: Number(row.total), checked_in_count: Number(row.checked) };
}

/** A list by its public short id, with its event. */
export async function findByShortId(q: Queryable, shortId: string) {
  const [row] = await q
    .select({
      list: checkInLists,
      event: {
        name: events.name,
        status: events.status,
        start_date: events.start_date,
        end_date: events.end_date,
        timezone: events.timezone,
        deleted_at: events.deleted_at,
      },
    })
    .from(checkInLists)
    .innerJoin(events, eq(events.id, checkInLists.event_id))
    .where(eq(checkInLists.short_id, shortId))
    .limit(1);
  return row;
}

const doorColumns = {
  id: attendees.id,
  short_id: attendees.short_id,
  first_name: attendees.first_name,
  last_name: attendees.last_name,
  email: attendees.email,
  status: attendees.status,
  ticket_id: attendees.ticket_id,
  ticket_name: tickets.name,
  event_date_id: attendees.event_date_id,
  checked_in_at: checkIns.scanned_at,
};

const coveredTickets = (list: CheckInListRow) =>
  list.ticket_ids.length
    ? sql`${attendees.ticket_id} in (${sql.join(
        list.ticket_ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : undefined;

function doorQuery(q: Queryable, list: CheckInListRow) {
  return q
    .select(doorColumns)
    .from(attendees)
    .innerJoin(tickets, eq(tickets.id, attendees.ticket_id))
    .leftJoin(checkIns, and(eq(checkIns.attendee_id, attendees.id), eq(checkIns.check_in_list_id, list.id)));
}

/**
 * The attendees in `status` the list covers (its tickets, its date), matching the search by part of the name or short id, or by
 * the whole e-mail: the door shows e-mails masked, and a partial match would unmask them letter by letter.
 */
export async function searchAttendees(
  q: Queryable,
  list: CheckInListRow,
  status: AttendeeStatus,
  params: ListParams,
) {
  const conditions = [
    eq(attendees.event_id, list.event_id),
    eq(attendees.status, status),
    coveredTickets(list),
    list.event_date_id ? eq(attendees.event_date_id, list.event_date_id) : undefined,
  ];
  if (params.query) {
    const pattern = likePattern(params.query);
    conditions.push(
      sql`(${attendees.first_name} || ' ' || ${attendees.last_name} ilike ${pattern}
        or lower(${attendees.email}) = ${params.query.trim().toLowerCase()}
        or ${attendees.short_id} ilike ${pattern})`,
    );
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    doorQuery(q, list)
      .where(where)
      .orderBy(params.orderBy, asc(attendees.id))
      .limit(params.perPage)
      .offset(params.offset),
    q.select({ total: count() }).from(attendees).where(where),
  ]);
  const { total } = one(totals);
  return { rows, total };
}

/** An attendee of the list's event by the QR secret or the attendee short id, whatever its status or ticket. */
export async function findByCode(q: Queryable, list: CheckInListRow, code: string) {
  const [row] = await doorQuery(q, list)
    .where(
      and(
        eq(attendees.event_id, list.event_id),
        sql`(${attendees.qr_secret} = ${code} or ${attendees.short_id} = ${code})`,
      ),
    )
    .limit(1);
  return row;
}

export async function deleteCheckIn(q: Queryable, listId: string, attendeeId: string) {
  const rows = await q
    .delete(checkIns)
    .where(and(eq(checkIns.check_in_list_id, listId), eq(checkIns.attendee_id, attendeeId)))
    .returning({ id: checkIns.id });
  return rows.length > 0;
}

/** The short id (a door code) of an attendee of this account's event, or undefined. */
export async function attendeeShortId(q: Queryable, accountId: string, eventId: string, attendeeId: string) {
  const [row] = await q
    .select({ short_id: attendees.short_id })
    .from(attendees)
    .where(
      and(eq(attendees.id, attendeeId), eq(attendees.event_id, eventId), eq(attendees.account_id, accountId)),
    )
    .limit(1);
  return row?.short_id;
}
