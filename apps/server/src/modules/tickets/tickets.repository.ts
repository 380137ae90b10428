import { and, asc, count, eq, ilike, inArray, isNull, max, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { taxesAndFees, ticketPrices, tickets, ticketTaxes } from '../../db/schema/index.ts';
import { type ListParams, likePattern } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';

export const ticketListSpec = {
  sortable: { sort_order: tickets.sort_order, name: tickets.name, created_at: tickets.created_at },
  defaultSort: { by: 'sort_order', direction: 'asc' as const },
  filterable: {
    price_type: { column: tickets.price_type, operators: ['eq' as const, 'in' as const] },
    is_hidden: { column: tickets.is_hidden, operators: ['eq' as const], type: 'boolean' as const },
  },
};

export type TicketRow = typeof tickets.$inferSelect;
export type PriceRow = typeof ticketPrices.$inferSelect;
export type TaxRow = Pick<
  typeof taxesAndFees.$inferSelect,
  'id' | 'name' | 'type' | 'calculation' | 'value' | 'is_active'
>;
export type TicketWithPrices = TicketRow & { prices: PriceRow[]; taxes: TaxRow[] };

const live = (accountId: string, eventId: string) =>
  and(eq(tickets.account_id, accountId), eq(tickets.event_id, eventId), isNull(tickets.deleted_at));

export async function listTicketRows(q: Queryable, accountId: string, eventId: string, params: ListParams) {
  const conditions: (SQL | undefined)[] = [live(accountId, eventId), params.where];
  if (params.query) conditions.push(ilike(tickets.name, likePattern(params.query)));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    q
      .select()
      .from(tickets)
      .where(where)
      .orderBy(params.orderBy, asc(tickets.created_at))
      .limit(params.perPage)
      .offset(params.offset),
    q.select({ total: count() }).from(tickets).where(where),
  ]);
  const { total } = one(totals);
  return { rows, total };
}

export async function findTicketRow(q: Queryable, accountId: string, eventId: string, ticketId: string) {
  const [row] = await q
    .select()
    .from(tickets)
    .where(and(live(accountId, eventId), eq(tickets.id, ticketId)))
    .limit(1);
  return row;
}

/** Locks the ticket row for an update (serialises edits with checkout's locked re-check). */
export async function lockTicketRow(q: Queryable, accountId: string, eventId: string, ticketId: string) {
  const [row] = await q
    .select()
    .from(tickets)
    .where(and(live(accountId, eventId), eq(tickets.id, ticketId)))
    .for('update')
    .limit(1);
  return row;
}

/** Live price tiers and tax ids of the given tickets, attached to them (two queries). */
export async function withPricesAndTaxes(q: Queryable, rows: TicketRow[]): Promise<TicketWithPrices[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [prices, taxes] = await Promise.all([
    q
      .select()
      .from(ticketPrices)
      .where(and(inArray(ticketPrices.ticket_id, ids), isNull(ticketPrices.deleted_at)))
      .orderBy(asc(ticketPrices.sort_order), asc(ticketPrices.created_at)),
    q
      .select({
        ticket_id: ticketTaxes.ticket_id,
        id: taxesAndFees.id,
        name: taxesAndFees.name,
        type: taxesAndFees.type,
        calculation: taxesAndFees.calculation,
        value: taxesAndFees.value,
        is_active: taxesAndFees.is_active,
      })
      .from(ticketTaxes)
      .innerJoin(taxesAndFees, eq(taxesAndFees.id, ticketTaxes.tax_id))
      .where(and(inArray(ticketTaxes.ticket_id, ids), isNull(taxesAndFees.deleted_at)))
      .orderBy(asc(taxesAndFees.type), asc(taxesAndFees.name)),
  ]);
  return rows.map((r) => ({
    ...r,
    prices: prices.filter((p) => p.ticket_id === r.id),
    taxes: taxes.filter((t) => t.ticket_id === r.id).map(({ ticket_id: _t, ...tax }) => tax),
  }));
}

export async function nextTicketSortOrder(q: Queryable, eventId: string) {
  const [row] = await q
    .select({ value: max(tickets.sort_order) })
    .from(tickets)
    .where(and(eq(tickets.event_id, eventId), isNull(tickets.deleted_at)));
  return (row?.value ?? -1) + 1;
}

export async function insertTicket(q: Queryable, values: typeof tickets.$inferInsert) {
  return one(await q.insert(tickets).values(values).returning());
}

export async function updateTicket(
  q: Queryable,
  accountId: string,
  id: string,
  values: Partial<typeof tickets.$inferInsert>,
) {
  await q
    .update(tickets)
    .set(values)
    .where(and(eq(tickets.account_id, accountId), eq(tickets.id, id)));
}

export async function softDeleteTicket(q: Queryable, accountId: string, id: string) {
  await q
    .update(tickets)
    .set({ deleted_at: new Date() })
    .where(and(eq(tickets.account_id, accountId), eq(tickets.id, id)));
}

export async function insertPrices(q: Queryable, values: (typeof ticketPrices.$inferInsert)[]) {
  if (values.length) await q.insert(ticketPrices).values(values);
}

export async function updatePrice(
  q: Queryable,
  eventId: string,
  id: string,
  values: Partial<typeof ticketPrices.$inferInsert>,
) {
  await q
    .update(ticketPrices)
    .set(values)
    .where(and(eq(ticketPrices.event_id, eventId), eq(ticketPrices.id, id)));
}

export async function softDeletePrices(q: Queryable, eventId: string, ids: string[]) {
  if (ids.length) {
    await q
      .update(ticketPrices)
      .set({ deleted_at: new Date() })
      .where(and(eq(ticketPrices.event_id, eventId), inArray(ticketPrices.id, ids)));
  }
}

export async function replaceTicketTaxes(q: Queryable, ticketId: string, taxIds: string[]) {
  await q.delete(ticketTaxes).where(eq(ticketTaxes.ticket_id, ticketId));
  if (taxIds.length) {
    await q.insert(ticketTaxes).values(taxIds.map((tax_id) => ({ ticket_id: ticketId, tax_id })));
  }
}

/** The account's live taxes and fees among `ids` (to check a request names only its own). */
export async function findAccountTaxIds(q: Queryable, accountId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await q
    .select({ id: taxesAndFees.id })
    .from(taxesAndFees)
    .where(
      and(
        eq(taxesAndFees.account_id, accountId),
        inArray(taxesAndFees.id, ids),
        isNull(taxesAndFees.deleted_at),
      ),
    );
  return rows.map((r) => r.id);
}

export async function findDefaultTaxIds(q: Queryable, accountId: string) {
  const rows = await q
    .select({ id: taxesAndFees.id })
    .from(taxesAndFees)
    .where(
      and(
        eq(taxesAndFees.account_id, accountId),
        eq(taxesAndFees.is_default, true),
        eq(taxesAndFees.is_active, true),
        isNull(taxesAndFees.deleted_at),
      ),
    );
  return rows.map((r) => r.id);
}

/** Ids among `ids` that are live tickets of the event (used by capacity, promo codes, questions). */
export async function findEventTicketIds(q: Queryable, eventId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await q
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.event_id, eventId), inArray(tickets.id, ids), isNull(tickets.deleted_at)));
  return rows.map((r) => r.id);
}

export async function setTicketSortOrders(q: Queryable, eventId: string, ids: string[]) {
  for (const [index, id] of ids.entries()) {
    await q
      .update(tickets)
      .set({ sort_order: index })
      .where(and(eq(tickets.id, id), eq(tickets.event_id, eventId)));
  }
}

/** Every live ticket of an event with its live tiers, in display order (three queries). */
export async function loadEventTickets(q: Queryable, eventId: string): Promise<TicketWithPrices[]> {
  const rows = await q
    .select()
    .from(tickets)
    .where(and(eq(tickets.event_id, eventId), isNull(tickets.deleted_at)))
    .orderBy(asc(tickets.sort_order), asc(tickets.created_at));
  return withPricesAndTaxes(q, rows);
}
