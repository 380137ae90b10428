import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import {
  affiliates,
  events,
  organizers,
  promoCodes,
  questions,
  taxesAndFees,
  ticketPrices,
  tickets,
  ticketTaxes,
} from '../../db/schema/index.ts';
import type { EventUsage } from '../tickets/availability.ts';

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

/** The event's live tickets among `ticketIds`, each with its live price tiers and active taxes/fees. */
export async function loadTickets(
  q: Queryable,
  eventId: string,
  ticketIds: string[],
): Promise<SellableTicket[]> {
  if (ticketIds.length === 0) return [];
  const [ticketRows, priceRows, taxRows] = await Promise.all([
    q
      .select()
      .from(tickets)
      .where(and(eq(tickets.event_id, eventId), inArray(tickets.id, ticketIds), isNull(tickets.deleted_at))),
    q
      .select()
      .from(ticketPrices)
      .where(and(inArray(ticketPrices.ticket_id, ticketIds), isNull(ticketPrices.deleted_at)))
      .orderBy(asc(ticketPrices.sort_order), asc(ticketPrices.id)),
    q
      .select({
        ticketId: ticketTaxes.ticket_id,
        id: taxesAndFees.id,
        name: taxesAndFees.name,
        type: taxesAndFees.type,
        calculation: taxesAndFees.calculation,
        value: taxesAndFees.value,
      })
      .from(ticketTaxes)
      .innerJoin(taxesAndFees, eq(taxesAndFees.id, ticketTaxes.tax_id))
      .where(
        and(
          inArray(ticketTaxes.ticket_id, ticketIds),
          eq(taxesAndFees.is_active, true),
          isNull(taxesAndFees.deleted_at),
        ),
      )
      .orderBy(asc(taxesAndFees.type), asc(taxesAndFees.name)),
  ]);
  return ticketRows.map((t) => ({
    ...t,
    prices: priceRows.filter((p) => p.ticket_id === t.id),
    taxes: taxRows.filter((x) => x.ticketId === t.id).map(({ ticketId: _, ...tax }) => tax),
  }));
}

export async function findPromoCode(q: Queryable, eventId: string, code: string) {
  const [row] = await q
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.event_id, eventId), eq(promoCodes.code_normalized, code.trim().toLowerCase())))
    .limit(1);
  return row;
}
export type PromoRow = typeof promoCodes.$inferSelect;

export async function findActiveAffiliate(q: Queryable, eventId: string, code: string) {
  const [row] = await q
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(
      and(
        eq(affiliates.event_id, eventId),
        sql`lower(${affiliates.code}) = ${code.trim().toLowerCase()}`,
        eq(affiliates.status, 'ACTIVE'),
      ),
    )
    .limit(1);
  return row;
}

export async function loadVisibleQuestions(q: Queryable, eventId: string) {
  return q
    .select()
    .from(questions)
    .where(and(eq(questions.event_id, eventId), eq(questions.is_hidden, false)))
    .orderBy(asc(questions.sort_order), asc(questions.id));
}
export type QuestionRow = typeof questions.$inferSelect;

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
  const [{ context: raw }] = rowsOf<{ context: RawContext | string }>(
    await q.execute(
      sql`select checkout_context(${JSON.stringify({
        event_id: eventId,
        ticket_ids: ticketIds,
        promo_code: codes.promoCode,
        affiliate_code: codes.affiliateCode,
        with_usage: withUsage,
      })}::jsonb) as context`,
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
