import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import { one } from '../../lib/rows.ts';
import type { EventUsage } from '../tickets/availability.ts';
import type { EventRow, PriceRow, PromoRow, SellableTicket } from './checkout.repository.ts';

export interface ReservationContext {
  event: Pick<
    EventRow,
    'id' | 'account_id' | 'status' | 'currency' | 'order_timeout_minutes' | 'settings'
  > | null;
  tickets: SellableTicket[];
  promo: PromoRow | null;
  affiliateId: string | null;
  /** With `withUsage`: the units held now over the order's tickets, read without locks (a hint). */
  usage: EventUsage | null;
}

const toDate = (v: string | null) => (v === null ? null : new Date(v));

/**
 * Everything a reservation needs before taking locks, in ONE call of the `checkout_context` database
 * function (migration 0003; a function so its plan is cached): the event, the order's tickets with their
 * live tiers and active taxes/fees, the promo code and affiliate when given and, with `withUsage`, the
 * units held now (plus the event's active capacity assignments) for an early sold-out refusal.
 * `promoCode`/`affiliateCode` are already trimmed and lower-cased; the ticket ids were validated as
 * uuids by the route schema.
 */
export async function loadReservationContext(
  q: Queryable,
  eventId: string,
  ticketIds: string[],
  codes: { promoCode: string | null; affiliateCode: string | null },
  withUsage: boolean,
): Promise<ReservationContext> {
  const { context: raw } = one(
    rowsOf<{ context: RawContext | string }>(
      await q.execute(
        sql`select checkout_context(${JSON.stringify({
          event_id: eventId,
          ticket_ids: ticketIds,
          promo_code: codes.promoCode,
          affiliate_code: codes.affiliateCode,
          with_usage: withUsage,
        })}::jsonb) as context`,
      ),
    ),
  );
  const row: RawContext = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return {
    event: row.event,
    tickets: row.tickets.map(ticketFromJson),
    promo: row.promo
      ? {
          ...row.promo,
          expiry_date: toDate(row.promo.expiry_date),
          created_at: new Date(row.promo.created_at),
          updated_at: new Date(row.promo.updated_at),
        }
      : null,
    affiliateId: row.affiliate_id,
    usage: row.usage ? usageFromJson(row.usage) : null,
  };
}

function usageFromJson(raw: NonNullable<RawContext['usage']>): EventUsage {
  const byPrice = new Map<string, number>();
  const byTicket = new Map<string, number>();
  for (const h of raw.held) {
    byPrice.set(h.price_id, (byPrice.get(h.price_id) ?? 0) + h.units);
    byTicket.set(h.ticket_id, (byTicket.get(h.ticket_id) ?? 0) + h.units);
  }
  const capacities = raw.capacities.map((c) => ({
    id: c.id,
    name: c.name,
    capacity: c.capacity,
    ticketIds: c.ticket_ids,
    used: c.ticket_ids.reduce((sum, id) => sum + (byTicket.get(id) ?? 0), 0),
  }));
  return { byPrice, byTicket, capacities };
}

interface RawContext {
  event: ReservationContext['event'];
  tickets: RawTicket[];
  promo: (Omit<PromoRow, 'expiry_date' | 'created_at' | 'updated_at'> & RawDates<'expiry_date'>) | null;
  affiliate_id: string | null;
  usage: {
    held: { price_id: string; ticket_id: string; units: number }[];
    capacities: { id: string; name: string; capacity: number; ticket_ids: string[] }[];
  } | null;
}

type RawDates<K extends string> = {
  [P in K | 'created_at' | 'updated_at']: P extends K ? string | null : string;
};
type RawPrice = Omit<
  PriceRow,
  'sale_start_date' | 'sale_end_date' | 'deleted_at' | 'created_at' | 'updated_at'
> &
  RawDates<'sale_start_date' | 'sale_end_date' | 'deleted_at'>;
type RawTicket = Omit<
  SellableTicket,
  'prices' | 'sale_start_date' | 'sale_end_date' | 'deleted_at' | 'created_at' | 'updated_at'
> &
  RawDates<'sale_start_date' | 'sale_end_date' | 'deleted_at'> & { prices: RawPrice[] };

const withDates = <T extends RawDates<'sale_start_date' | 'sale_end_date' | 'deleted_at'>>(row: T) => ({
  ...row,
  sale_start_date: toDate(row.sale_start_date),
  sale_end_date: toDate(row.sale_end_date),
  deleted_at: toDate(row.deleted_at),
  created_at: new Date(row.created_at),
  updated_at: new Date(row.updated_at),
});

function ticketFromJson(t: RawTicket): SellableTicket {
  return { ...withDates(t), prices: t.prices.map(withDates) };
}
