import type { Queryable } from '../../db/client.ts';
import type { EventLocation } from '../../db/schema/events.ts';
import {
  type EventRow,
  type PriceRow,
  type PromoRow,
  type SellableTicket,
  selectCheckoutContext,
} from './checkout.repository.ts';

export interface ReservationContext {
  event: Pick<
    EventRow,
    'id' | 'account_id' | 'status' | 'currency' | 'order_timeout_minutes' | 'settings'
  > | null;
  tickets: SellableTicket[];
  promo: PromoRow | null;
  affiliateId: string | null;
  /** Whether the event has dates (#27); `date`: the one asked for, or the event's only date on sale. */
  hasDates: boolean;
  date: ContextDate | null;
  /** With `withUsage`: units left per price tier (`stock_levels`; null = unlimited), read without locks (a hint). */
  remaining: Map<string, number | null> | null;
}

export interface ContextDate {
  id: string;
  status: 'ON_SALE' | 'SOLD_OUT' | 'CANCELLED' | 'HIDDEN';
  starts_at: Date;
  ends_at: Date | null;
  location: EventLocation | null;
  /** The date's own sale window (#27): buyers may order it only within (the box office any time). */
  sale_starts_at: Date | null;
  sale_ends_at: Date | null;
  /** The date's own prices: { price id: cents } (a donation's minimum); a price not named: the ticket's. */
  prices: Record<string, number>;
}

const toDate = (v: string | null) => (v === null ? null : new Date(v));

/**
 * Everything a reservation needs before taking locks, in ONE call of the `checkout_context` database
 * function (migration 0003; a function so its plan is cached): the event, the order's tickets with their
 * live tiers and active taxes/fees, the promo code and affiliate when given and, with `withUsage`, the
 * units left per tier (the `stock_levels` database function) for an early sold-out refusal.
 * `promoCode`/`affiliateCode` are already trimmed and lower-cased; the ticket ids were validated as
 * uuids by the route schema.
 */
export async function loadReservationContext(
  q: Queryable,
  eventId: string,
  ticketIds: string[],
  codes: { promoCode: string | null; affiliateCode: string | null; eventDateId: string | null },
  withUsage: boolean,
): Promise<ReservationContext> {
  const row = (await selectCheckoutContext(q, {
    event_id: eventId,
    ticket_ids: ticketIds,
    promo_code: codes.promoCode,
    affiliate_code: codes.affiliateCode,
    event_date_id: codes.eventDateId,
    with_usage: withUsage,
  })) as RawContext;
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
    hasDates: row.has_dates,
    date: row.date
      ? {
          ...row.date,
          starts_at: new Date(row.date.starts_at),
          ends_at: toDate(row.date.ends_at),
          sale_starts_at: toDate(row.date.sale_starts_at),
          sale_ends_at: toDate(row.date.sale_ends_at),
          prices: row.date.prices ?? {},
        }
      : null,
    remaining: row.remaining ? new Map(Object.entries(row.remaining)) : null,
  };
}

interface RawContext {
  event: ReservationContext['event'];
  tickets: RawTicket[];
  promo: (Omit<PromoRow, 'expiry_date' | 'created_at' | 'updated_at'> & RawDates<'expiry_date'>) | null;
  affiliate_id: string | null;
  has_dates: boolean;
  date:
    | (Omit<ContextDate, 'starts_at' | 'ends_at' | 'sale_starts_at' | 'sale_ends_at'> & {
        starts_at: string;
        ends_at: string | null;
        sale_starts_at: string | null;
        sale_ends_at: string | null;
      })
    | null;
  remaining: Record<string, number | null> | null;
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
