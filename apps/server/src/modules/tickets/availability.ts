import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import { capacityAssignments, capacityAssignmentTickets, orders } from '../../db/schema/index.ts';

/**
 * How many units are taken, computed from orders at read time: an order holds its units while it is
 * COMPLETED or AWAITING_OFFLINE_PAYMENT, or RESERVED with reserved_until still in the future. Expired
 * reservations stop counting at once; nothing sweeps them. Both the public read model and checkout's
 * locked re-check use these functions, so display and enforcement agree.
 */
export const HOLDING_STATUSES = ['COMPLETED', 'AWAITING_OFFLINE_PAYMENT'] as const;

/** SQL predicate over the `orders` table (or an alias of it): this order's units count now. */
export const orderHoldsUnits = sql`(${orders.status} in ('COMPLETED', 'AWAITING_OFFLINE_PAYMENT') or (${orders.status} = 'RESERVED' and ${orders.reserved_until} > now()))`;

/**
 * The same rule over `order_items oi`, without a join: database triggers copy the order's state into
 * `order_items.holds_until` (see the schema), so the count is one range scan of `order_items_held_idx`.
 */
export const itemHoldsUnits = sql`oi.holds_until > now()`;

export interface CapacityUsage {
  id: string;
  name: string;
  capacity: number;
  used: number;
  ticketIds: string[];
}

export interface EventUsage {
  /** Units held per price tier id. */
  byPrice: Map<string, number>;
  /** Units held per ticket id. */
  byTicket: Map<string, number>;
  /** Active capacity assignments of the event with their use. */
  capacities: CapacityUsage[];
}

/** Two queries whatever the number of tickets. Pass the transaction when checking under locks. */
export async function loadEventUsage(
  q: Queryable,
  eventId: string,
  ticketIds?: string[],
): Promise<EventUsage> {
  const filterTickets = ticketIds?.length
    ? sql` and oi.ticket_id in (${sql.join(
        ticketIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const held = rowsOf<{ price_id: string; ticket_id: string; units: number }>(
    await q.execute(sql`
      select oi.price_id, oi.ticket_id, sum(oi.quantity)::int as units
      from order_items oi
      where oi.event_id = ${eventId} and ${itemHoldsUnits}${filterTickets}
      group by oi.price_id, oi.ticket_id`),
  );
  const byPrice = new Map<string, number>();
  const byTicket = new Map<string, number>();
  for (const row of held) {
    byPrice.set(row.price_id, (byPrice.get(row.price_id) ?? 0) + row.units);
    byTicket.set(row.ticket_id, (byTicket.get(row.ticket_id) ?? 0) + row.units);
  }

  const capacityRows = await q
    .select({
      id: capacityAssignments.id,
      name: capacityAssignments.name,
      capacity: capacityAssignments.capacity,
      ticketId: capacityAssignmentTickets.ticket_id,
    })
    .from(capacityAssignments)
    .innerJoin(
      capacityAssignmentTickets,
      eq(capacityAssignmentTickets.capacity_assignment_id, capacityAssignments.id),
    )
    .where(and(eq(capacityAssignments.event_id, eventId), eq(capacityAssignments.status, 'ACTIVE')));
  const capacities = new Map<string, CapacityUsage>();
  for (const row of capacityRows) {
    const entry = capacities.get(row.id) ?? {
      id: row.id,
      name: row.name,
      capacity: row.capacity,
      used: 0,
      ticketIds: [],
    };
    entry.ticketIds.push(row.ticketId);
    capacities.set(row.id, entry);
  }
  for (const entry of capacities.values()) {
    entry.used = entry.ticketIds.reduce((sum, id) => sum + (byTicket.get(id) ?? 0), 0);
  }
  return { byPrice, byTicket, capacities: [...capacities.values()] };
}

/**
 * Units still available for each price tier of a ticket and for the ticket as a whole: the minimum of
 * the tier's quantity left and every active capacity assignment the ticket belongs to. null = unlimited.
 */
export function remainingFor(
  ticket: { id: string; prices: { id: string; quantity: number | null }[] },
  usage: EventUsage,
): { byPrice: Map<string, number | null>; ticket: number | null } {
  let capacityLeft: number | null = null;
  for (const c of usage.capacities) {
    if (!c.ticketIds.includes(ticket.id)) continue;
    const left = Math.max(0, c.capacity - c.used);
    capacityLeft = capacityLeft === null ? left : Math.min(capacityLeft, left);
  }
  const byPrice = new Map<string, number | null>();
  let sumOfTiers: number | null = 0;
  for (const price of ticket.prices) {
    const tierLeft =
      price.quantity === null ? null : Math.max(0, price.quantity - (usage.byPrice.get(price.id) ?? 0));
    const left = minNullable(tierLeft, capacityLeft);
    byPrice.set(price.id, left);
    sumOfTiers = sumOfTiers === null || tierLeft === null ? null : sumOfTiers + tierLeft;
  }
  return { byPrice, ticket: minNullable(sumOfTiers, capacityLeft) };
}

/** Orders currently holding units with this promo code (for max uses). */
export async function promoCodeUses(q: Queryable, promoCodeIds: string[]): Promise<Map<string, number>> {
  if (promoCodeIds.length === 0) return new Map();
  const rows = await q
    .select({ id: orders.promo_code_id, uses: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(inArray(orders.promo_code_id, promoCodeIds), orderHoldsUnits))
    .groupBy(orders.promo_code_id);
  return new Map(rows.map((r) => [r.id as string, r.uses]));
}

function minNullable(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

export interface PriceSales {
  /** Units in COMPLETED or AWAITING_OFFLINE_PAYMENT orders. */
  sold: number;
  /** Units in RESERVED orders whose reservation has not expired. */
  reserved: number;
}

/**
 * Sold and reserved units per price tier of an event, for the back office. sold + reserved of a tier is
 * exactly what `loadEventUsage` counts as held. One query.
 */
export async function loadSalesByPrice(q: Queryable, eventId: string): Promise<Map<string, PriceSales>> {
  const rows = rowsOf<{ price_id: string; sold: number; reserved: number }>(
    await q.execute(sql`
      select oi.price_id,
        coalesce(sum(oi.quantity) filter (where ${orders.status} in ('COMPLETED', 'AWAITING_OFFLINE_PAYMENT')), 0)::int as sold,
        coalesce(sum(oi.quantity) filter (where ${orders.status} = 'RESERVED' and ${orders.reserved_until} > now()), 0)::int as reserved
      from order_items oi join orders on orders.id = oi.order_id
      where oi.event_id = ${eventId} and ${orderHoldsUnits}
      group by oi.price_id`),
  );
  return new Map(rows.map((r) => [r.price_id, { sold: r.sold, reserved: r.reserved }]));
}
