import { saleWindowState } from '@taquilla/shared/event-date-limits';
import { FEW_LEFT_UNITS, MAX_PUBLIC_DATES, type PublicEventDate } from '@taquilla/shared/schemas/event-dates';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import type { EventLocation } from '../../db/schema/events.ts';

/**
 * The buyer's side of an event's dates: the upcoming ones (on sale or sold out; never hidden, cancelled
 * or started), each marked sold out or few left from the units its orders hold against what the date can
 * sell: its own capacity, or the sum of the event's visible tiers (each tier's quantity is per date). A
 * capacity assignment shared by every date is not in that mark: choosing the date shows its exact stock.
 */

interface DateRow {
  id: string;
  starts_at: Date | string;
  ends_at: Date | string | null;
  status: 'ON_SALE' | 'SOLD_OUT';
  location: EventLocation | null;
  capacity: number | null;
  sale_starts_at: Date | string | null;
  sale_ends_at: Date | string | null;
  held: number;
  total: number;
}

const asDate = (d: Date | string | null) => (d === null ? null : new Date(d));
const iso = (d: Date | string | null) => asDate(d)?.toISOString() ?? null;

/** Units one date can sell at most from its tickets, or null when some visible tier has no limit. */
async function unitsPerDate(q: Queryable, eventId: string): Promise<number | null> {
  const [row] = rowsOf<{ unlimited: boolean | null; units: number | null }>(
    await q.execute(sql`
      select bool_or(tp.quantity is null) as unlimited, sum(tp.quantity)::int as units
      from ticket_prices tp join tickets t on t.id = tp.ticket_id
      where t.event_id = ${eventId}::uuid and t.deleted_at is null and not t.is_hidden
        and tp.deleted_at is null and not tp.is_hidden`),
  );
  return !row || row.unlimited || row.units === null ? null : row.units;
}

/**
 * Upcoming dates of a public event, soonest first: the next `limit` of them, or those starting within
 * [from, to) — with how many upcoming dates match in all.
 */
export async function publicDates(
  q: Queryable,
  eventId: string,
  range: { from?: Date; to?: Date; limit?: number } = {},
): Promise<{ dates: PublicEventDate[]; total: number }> {
  const now = new Date();
  const from = range.from && range.from > now ? range.from : now;
  const upper = range.to ? sql`and d.starts_at < ${range.to.toISOString()}::timestamptz` : sql``;
  const limit = range.limit ?? MAX_PUBLIC_DATES;
  const rows = await q.execute(sql`
      with shown as (
        select d.id, d.starts_at, d.ends_at, d.status, d.location, d.capacity, d.sale_starts_at, d.sale_ends_at,
          count(*) over () as total
        from event_dates d
        where d.event_id = ${eventId}::uuid and d.status in ('ON_SALE', 'SOLD_OUT')
          and d.starts_at > ${from.toISOString()}::timestamptz ${upper}
        order by d.starts_at, d.id
        limit ${limit}
      )
      select s.*, coalesce(h.units, 0)::int as held
      from shown s
      left join lateral (
        select sum(oi.quantity) as units from order_items oi
        where oi.event_date_id = s.id and oi.holds_until > now()
      ) h on true
      order by s.starts_at, s.id`);
  const found = rowsOf<DateRow>(rows);
  // A single-date event has none: it asks nothing more.
  if (found.length === 0) return { dates: [], total: 0 };
  const ceiling = await unitsPerDate(q, eventId);
  const dates = found.map((d): PublicEventDate => {
    const cap = d.capacity ?? ceiling;
    const left = cap === null ? null : Math.max(0, cap - d.held);
    const soldOut = d.status === 'SOLD_OUT' || left === 0;
    return {
      id: d.id,
      starts_at: iso(d.starts_at) as string,
      ends_at: iso(d.ends_at),
      status: soldOut ? 'SOLD_OUT' : 'ON_SALE',
      sold_out: soldOut,
      few_left: !soldOut && left !== null && left <= FEW_LEFT_UNITS,
      sale_state:
        saleWindowState(asDate(d.sale_starts_at), asDate(d.sale_ends_at), now.getTime()) ?? 'ON_SALE',
      sale_starts_at: iso(d.sale_starts_at),
      location: d.location,
    };
  });
  return { dates, total: Number(found[0]?.total) };
}

/** A date buyers may choose, as its page shows it: its status, own sale window and own prices. */
export interface PublicDateTerms {
  starts_at: Date;
  status: 'ON_SALE' | 'SOLD_OUT';
  sale_starts_at: Date | null;
  sale_ends_at: Date | null;
  /** { price id: cents } this date sets instead of the ticket's. */
  prices: Record<string, number>;
}

/**
 * `dateId` when it is an upcoming date buyers may choose on this event (ON_SALE, or SOLD_OUT when the
 * organizer closed it), with its sale window and its own prices; else null. One query.
 */
export async function publicDateTerms(
  q: Queryable,
  eventId: string,
  dateId: string,
): Promise<PublicDateTerms | null> {
  const [row] = rowsOf<{
    starts_at: Date | string;
    status: 'ON_SALE' | 'SOLD_OUT';
    sale_starts_at: Date | string | null;
    sale_ends_at: Date | string | null;
    prices: Record<string, number> | null;
  }>(
    await q.execute(sql`
      select d.starts_at, d.status, d.sale_starts_at, d.sale_ends_at,
        (select jsonb_object_agg(dp.price_id, dp.price_cents) from event_date_prices dp
         where dp.event_date_id = d.id) as prices
      from event_dates d
      where d.id = ${dateId}::uuid and d.event_id = ${eventId}::uuid
        and d.status in ('ON_SALE', 'SOLD_OUT') and d.starts_at > now()`),
  );
  if (!row) return null;
  return {
    starts_at: new Date(row.starts_at),
    status: row.status,
    sale_starts_at: asDate(row.sale_starts_at),
    sale_ends_at: asDate(row.sale_ends_at),
    prices: row.prices ?? {},
  };
}
