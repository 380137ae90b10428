import type { OrderStatus } from '@taquilla/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import { waitingRooms, waitingRoomVisitors } from '../../db/schema/index.ts';

export type RoomRow = typeof waitingRooms.$inferSelect;
export type VisitorRow = typeof waitingRoomVisitors.$inferSelect;

/** A room's key: the date's id for a date's room (#27), else the event's. */
export const roomKey = (eventId: string, dateId: string | null | undefined) => dateId ?? eventId;

export async function findRoom(q: Queryable, room: string): Promise<RoomRow | null> {
  const [row] = await q.select().from(waitingRooms).where(eq(waitingRooms.room, room));
  return row ?? null;
}

/** Whether the date is one of the event's (a date's room is set through its event). */
export async function isDateOfEvent(q: Queryable, eventId: string, dateId: string): Promise<boolean> {
  const rows = rowsOf<{ e: boolean }>(
    await q.execute(
      sql`select exists (select 1 from event_dates where id = ${dateId} and event_id = ${eventId}) as e`,
    ),
  );
  return Boolean(rows[0]?.e);
}

export async function saveRoom(
  q: Queryable,
  values: Pick<
    RoomRow,
    | 'room'
    | 'event_id'
    | 'event_date_id'
    | 'account_id'
    | 'enabled'
    | 'opens_at'
    | 'rate_per_minute'
    | 'paused'
  >,
) {
  const set = {
    enabled: values.enabled,
    opens_at: values.opens_at,
    rate_per_minute: values.rate_per_minute,
    paused: values.paused,
    updated_at: new Date(),
  };
  await q.insert(waitingRooms).values(values).onConflictDoUpdate({ target: waitingRooms.room, set });
}

/** Rooms the ticker works on now: on, not closed, opening time reached. */
export async function dueRoomIds(q: Queryable, now: Date): Promise<string[]> {
  const rows = rowsOf<{ room: string }>(
    await q.execute(sql`
      select room from waiting_rooms
      where enabled and closed_at is null and opens_at <= ${now.toISOString()}::timestamptz`),
  );
  return rows.map((r) => r.room);
}

/** The room's row, locked for this transaction; null when another instance holds it (its tick runs). */
export async function lockRoom(q: Queryable, room: string): Promise<RoomRow | null> {
  const [row] = await q
    .select()
    .from(waitingRooms)
    .where(eq(waitingRooms.room, room))
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function updateRoomState(
  q: Queryable,
  room: string,
  set: Partial<Pick<RoomRow, 'opened_at' | 'closed_at' | 'credit' | 'last_tick_at'>>,
) {
  await q.update(waitingRooms).set(set).where(eq(waitingRooms.room, room));
}

export async function findVisitor(q: Queryable, room: string, deviceHash: string) {
  const [row] = await q
    .select()
    .from(waitingRoomVisitors)
    .where(and(eq(waitingRoomVisitors.room, room), eq(waitingRoomVisitors.device_hash, deviceHash)));
  return row ?? null;
}

/**
 * The device's place: a new one (in the pre-queue, or at the end of the line once the room opened), or
 * the one it has. `requeue`: a device whose turn lapsed or was used goes to the end again.
 */
export async function joinLine(
  q: Queryable,
  room: string,
  eventId: string,
  deviceHash: string,
  opened: boolean,
  now: Date,
): Promise<VisitorRow> {
  const position = opened ? sql`nextval('waiting_room_position_seq')` : sql`null`;
  const rows = rowsOf<VisitorRow>(
    await q.execute(sql`
      insert into waiting_room_visitors (event_id, room, device_hash, joined_at, position)
      values (${eventId}, ${room}, ${deviceHash}, ${now.toISOString()}::timestamptz, ${position})
      on conflict (room, device_hash) do nothing
      returning *`),
  );
  return rows[0] ?? ((await findVisitor(q, room, deviceHash)) as VisitorRow);
}

export async function requeue(q: Queryable, room: string, deviceHash: string, now: Date) {
  await q.execute(sql`
    update waiting_room_visitors
    set position = nextval('waiting_room_position_seq'), joined_at = ${now.toISOString()}::timestamptz,
        admitted_at = null, pass_id = null, pass_expires_at = null, used_at = null
    where room = ${room} and device_hash = ${deviceHash}`);
}

/** Ids of the pre-queue (no place yet) who joined before `before`, in arrival order. */
export async function unplacedIds(q: Queryable, room: string, before: Date): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await q.execute(sql`
      select id from waiting_room_visitors
      where room = ${room} and position is null and joined_at < ${before.toISOString()}::timestamptz
      order by joined_at, id`),
  );
  return rows.map((r) => r.id);
}

/** Gives `ids[i]` the place `i - ids.length` (the pre-queue's places, before every later arrival). */
export async function placeDrawn(q: Queryable, ids: string[]) {
  if (ids.length === 0) return;
  await q.execute(sql`
    update waiting_room_visitors v set position = d.ord - ${ids.length} - 1
    from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as d(id, ord)
    where v.id = d.id::uuid`);
}

/** Arrivals that joined as the room opened (their insert raced the draw): at the end, in arrival order. */
export async function placeLate(q: Queryable, room: string) {
  await q.execute(sql`
    update waiting_room_visitors v set position = l.place
    from (
      select id, nextval('waiting_room_position_seq') as place
      from (select id from waiting_room_visitors
            where room = ${room} and position is null order by joined_at, id) o
    ) l
    where v.id = l.id`);
}

/** Admits the first `count` in line: each gets a pass id and a turn lasting until `expiresAt`. */
export async function admitNext(q: Queryable, room: string, count: number, now: Date, expiresAt: Date) {
  if (count <= 0) return 0;
  const rows = rowsOf<{ id: string }>(
    await q.execute(sql`
      update waiting_room_visitors v
      set admitted_at = ${now.toISOString()}::timestamptz, pass_id = gen_random_uuid(),
          pass_expires_at = ${expiresAt.toISOString()}::timestamptz
      from (select id from waiting_room_visitors
            where room = ${room} and admitted_at is null and position is not null
            order by position limit ${count}) n
      where v.id = n.id
      returning v.id`),
  );
  return rows.length;
}

/** Those still waiting with a place in (after, before): the arrivals since a snapshot of the line. */
export async function countWaitingBetween(q: Queryable, room: string, after: number, before: number) {
  const rows = rowsOf<{ n: number | string }>(
    await q.execute(sql`
      select count(*) as n from waiting_room_visitors
      where room = ${room} and admitted_at is null and position > ${after} and position < ${before}`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** The places of those still waiting in the room's line, in line order (the pre-queue's drawn ones first). */
export async function waitingPositions(q: Queryable, room: string): Promise<number[]> {
  const rows = rowsOf<{ position: number | string }>(
    await q.execute(sql`
      select position from waiting_room_visitors
      where room = ${room} and admitted_at is null and position is not null
      order by position`),
  );
  return rows.map((r) => Number(r.position));
}

/** The room's live figures (in line, in the pre-queue, admitted with an open turn). */
export async function lineFigures(q: Queryable, room: string, now: Date) {
  const rows = rowsOf<Record<'waiting' | 'unplaced' | 'admitted', number | string>>(
    await q.execute(sql`
      select
        count(*) filter (where admitted_at is null) as waiting,
        count(*) filter (where admitted_at is null and position is null) as unplaced,
        count(*) filter (where admitted_at is not null and used_at is null
                         and pass_expires_at > ${now.toISOString()}::timestamptz) as admitted
      from waiting_room_visitors where room = ${room}`),
  );
  const r = rows[0];
  return {
    waiting: Number(r?.waiting ?? 0),
    unplaced: Number(r?.unplaced ?? 0),
    admitted: Number(r?.admitted ?? 0),
  };
}

/** Whether the event sells by date (#27): its stock is each date's. */
export async function hasDates(q: Queryable, eventId: string): Promise<boolean> {
  const rows = rowsOf<{ e: boolean }>(
    await q.execute(sql`select exists (select 1 from event_dates where event_id = ${eventId}) as e`),
  );
  return Boolean(rows[0]?.e);
}

/** Orders reserving now, and units sold (completed or awaiting an offline payment), of the date if any. */
export async function salesFigures(
  q: Queryable,
  eventId: string,
  dateId: string | null,
  now: Date,
  statuses: { held: OrderStatus; sold: readonly OrderStatus[] },
) {
  const rows = rowsOf<{ buying: number | string; sold: number | string }>(
    await q.execute(sql`
      select
        (select count(*) from orders where event_id = ${eventId} and status = ${statuses.held}
           and (${dateId}::uuid is null or event_date_id = ${dateId}::uuid)
           and reserved_until > ${now.toISOString()}::timestamptz) as buying,
        (select coalesce(sum(i.quantity), 0) from order_items i join orders o on o.id = i.order_id
           where o.event_id = ${eventId} and o.status in ${statuses.sold}
           and (${dateId}::uuid is null or o.event_date_id = ${dateId}::uuid)) as sold`),
  );
  return { buying: Number(rows[0]?.buying ?? 0), sold: Number(rows[0]?.sold ?? 0) };
}

/** Marks the pass used; false when it was used already (a replay) or is unknown. */
/**
 * Marks each pass used at its own time; answers the ids that were unused (a replay or an unknown id is
 * not among them). One statement for a batch of reservations (`PassSpender`).
 */
export async function consumePasses(
  q: Queryable,
  spends: { passId: string; at: Date }[],
): Promise<Set<string>> {
  if (spends.length === 0) return new Set();
  const rows = rowsOf<{ pass_id: string }>(
    await q.execute(sql`
      update waiting_room_visitors v set used_at = s.at
      from unnest(${`{${spends.map((x) => x.passId).join(',')}}`}::uuid[],
                  ${`{${spends.map((x) => x.at.toISOString()).join(',')}}`}::timestamptz[]) as s(pass_id, at)
      where v.pass_id = s.pass_id and v.used_at is null
      returning v.pass_id`),
  );
  return new Set(rows.map((r) => r.pass_id));
}

/** The reservation the pass was for failed (sold out, bad input): the turn may be used again. */
export async function releasePass(q: Queryable, passId: string) {
  await q.execute(sql`update waiting_room_visitors set used_at = null where pass_id = ${passId}`);
}

/**
 * Deletes the lines no longer needed, so the table stays bounded: those of rooms closed (sold out) more
 * than `closedKeepMs` ago or turned off more than `keepMs` ago, and visitors whose turn ended more than
 * `keepMs` ago (coming back, they would join at the end anyway). Returns how many rows went.
 */
export async function purgeVisitors(
  q: Queryable,
  now: Date,
  keep: { closedKeepMs: number; keepMs: number },
): Promise<number> {
  const closedBefore = new Date(now.getTime() - keep.closedKeepMs).toISOString();
  const idleBefore = new Date(now.getTime() - keep.keepMs).toISOString();
  const rows = rowsOf<{ id: string }>(
    await q.execute(sql`
      delete from waiting_room_visitors v using waiting_rooms r
      where v.room = r.room
        and (r.closed_at < ${closedBefore}::timestamptz
             or (not r.enabled and r.updated_at < ${idleBefore}::timestamptz)
             or v.pass_expires_at < ${idleBefore}::timestamptz)
      returning v.id`),
  );
  return rows.length;
}
