import { and, eq, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import { attendees, walletRegistrations } from '../../db/schema/index.ts';

/**
 * The latest change to anything a ticket's pass shows, read from the rows it is made of (`a` the attendee
 * and the joins of `SOURCES`): the holder, answers and status, the order's status, the event, its date,
 * its organizer and its questions. Every write to those rows sets their `updated_at`, so this one
 * expression notices a rename, a transfer, a cancellation, a refund or a new event time alike.
 */
const CONTENT_AT = sql`greatest(a.updated_at, o.updated_at, e.updated_at, g.updated_at, d.updated_at,
  (select max(q.updated_at) from questions q where q.event_id = a.event_id))`;
const SOURCES = sql`attendees a
  join orders o on o.id = a.order_id
  join events e on e.id = a.event_id
  join organizers g on g.id = e.organizer_id
  left join event_dates d on d.id = a.event_date_id`;

/** The attendee's account, for a pass whose token was checked (its serial number is the attendee's id). */
export async function passAccount(q: Queryable, attendeeId: string): Promise<string | undefined> {
  const [row] = await q
    .select({ account_id: attendees.account_id })
    .from(attendees)
    .where(eq(attendees.id, attendeeId));
  return row?.account_id;
}

/**
 * Starts following a ticket's pass (kept when already followed; `google` only ever turns on). Called before
 * the pass is made, so a change after this is seen by the next sync.
 */
export async function followPass(q: Queryable, accountId: string, attendeeId: string, google: boolean) {
  await q.execute(sql`
    insert into wallet_passes (attendee_id, account_id, content_at, google)
    select a.id, a.account_id, ${CONTENT_AT}, ${google} from ${SOURCES}
    where a.id = ${attendeeId} and a.account_id = ${accountId}
    on conflict (attendee_id) do update set google = wallet_passes.google or excluded.google`);
}

/** When the pass last changed (its Last-Modified), read now. */
export async function passContentAt(q: Queryable, accountId: string, attendeeId: string) {
  const [row] = rowsOf<{ content_at: Date | string }>(
    await q.execute(sql`select ${CONTENT_AT} as content_at from ${SOURCES}
      where a.id = ${attendeeId} and a.account_id = ${accountId}`),
  );
  return row ? new Date(row.content_at) : undefined;
}

/** Registers a device for a pass, or renews its push token; answers whether it is new. */
export async function register(
  q: Queryable,
  r: { accountId: string; attendeeId: string; deviceLibraryId: string; pushToken: string },
): Promise<boolean> {
  const [row] = rowsOf<{ created: boolean }>(
    await q.execute(sql`
      insert into wallet_registrations (account_id, attendee_id, device_library_id, push_token)
      values (${r.accountId}, ${r.attendeeId}, ${r.deviceLibraryId}, ${r.pushToken})
      on conflict (device_library_id, attendee_id)
        do update set push_token = excluded.push_token, updated_at = now()
      returning (xmax = 0) as created`),
  );
  return row?.created === true;
}

export async function unregister(
  q: Queryable,
  accountId: string,
  attendeeId: string,
  deviceLibraryId: string,
) {
  const gone = await q
    .delete(walletRegistrations)
    .where(
      and(
        eq(walletRegistrations.account_id, accountId),
        eq(walletRegistrations.attendee_id, attendeeId),
        eq(walletRegistrations.device_library_id, deviceLibraryId),
      ),
    )
    .returning({ id: walletRegistrations.id });
  return gone.length > 0;
}

/** The serial numbers a device registered whose tag is past `since` (all of them without), and the last tag. */
export async function updatedSerials(q: Queryable, deviceLibraryId: string, since: number | null) {
  return rowsOf<{ serial: string; tag: string | number }>(
    await q.execute(sql`
      select r.attendee_id as serial, p.tag from wallet_registrations r
      join wallet_passes p on p.attendee_id = r.attendee_id and p.account_id = r.account_id
      where r.device_library_id = ${deviceLibraryId} and (${since}::bigint is null or p.tag > ${since}::bigint)
      order by p.tag`),
  ).map((r) => ({ serial: r.serial, tag: Number(r.tag) }));
}

/** How long after its event ended a pass is still followed (a late refund still voids it in the phone). */
const FOLLOW_AFTER_END = '30 days';

/**
 * Gives every followed pass whose data moved past its `content_at` a new tag (in order, from the
 * sequence); answers them with their registrations, for the pushes. Passes of events that ended more
 * than FOLLOW_AFTER_END ago are left alone.
 */
export async function tagChangedPasses(q: Queryable) {
  return rowsOf<{ attendee_id: string; account_id: string; google: boolean; registration_ids: string[] }>(
    await q.execute(sql`
      with now_at as (
        select p.attendee_id, ${CONTENT_AT} as content_at
        from wallet_passes p join (${SOURCES}) on a.id = p.attendee_id and a.account_id = p.account_id
        where coalesce(d.ends_at, d.starts_at, e.end_date, e.start_date) > now() - ${FOLLOW_AFTER_END}::interval
      ), changed as (
        update wallet_passes p set content_at = n.content_at, tag = nextval('wallet_pass_tag'),
          tagged_at = now(), updated_at = now()
        from now_at n
        where n.attendee_id = p.attendee_id and n.content_at is distinct from p.content_at
        returning p.attendee_id, p.account_id, p.google
      )
      select c.attendee_id, c.account_id, c.google,
        coalesce(array_agg(r.id) filter (where r.id is not null), '{}') as registration_ids
      from changed c left join wallet_registrations r
        on r.attendee_id = c.attendee_id and r.account_id = c.account_id
      group by c.attendee_id, c.account_id, c.google`),
  );
}

export async function registrationById(q: Queryable, id: string) {
  const [row] = await q.select().from(walletRegistrations).where(eq(walletRegistrations.id, id));
  return row;
}

export async function deleteRegistration(q: Queryable, accountId: string, id: string) {
  await q
    .delete(walletRegistrations)
    .where(and(eq(walletRegistrations.account_id, accountId), eq(walletRegistrations.id, id)));
}
