import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';

const uuidArray = (ids: string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;

/** Reads of the stock functions of migration 0005 (`stock_levels`, `promo_code_levels`). */

export interface StockLevelRow {
  scope: 'PRICE' | 'TICKET' | 'CAPACITY' | 'DATE';
  id: string;
  ticket_id: string | null;
  quantity: number | null;
  held: number;
  remaining: number | null;
  remaining_visible: number | null;
  state: string;
}

export async function selectStockLevels(
  q: Queryable,
  eventId: string,
  ticketIds: string[] | null,
  eventDateId: string | null = null,
): Promise<StockLevelRow[]> {
  const ids = ticketIds ? uuidArray(ticketIds) : sql`null`;
  return rowsOf<StockLevelRow>(
    await q.execute(
      sql`select * from stock_levels(${eventId}::uuid, ${ids}, null, true, ${eventDateId}::uuid)`,
    ),
  );
}

export interface PromoCodeLevelRow {
  id: string;
  max_uses: number | null;
  uses: number;
  remaining: number | null;
  state: 'ACTIVE' | 'EXPIRED' | 'USED_UP';
}

export async function selectPromoCodeLevels(
  q: Queryable,
  promoCodeIds: string[],
): Promise<PromoCodeLevelRow[]> {
  if (promoCodeIds.length === 0) return [];
  return rowsOf<PromoCodeLevelRow>(
    await q.execute(sql`select * from promo_code_levels(${uuidArray(promoCodeIds)})`),
  );
}

/**
 * Sold (held for good: COMPLETED, AWAITING_OFFLINE_PAYMENT) and reserved (held until a time) units per
 * tier, from `order_items.holds_until` — the `order_holds_until` rule of migration 0002.
 */
export async function selectSalesByPrice(q: Queryable, eventId: string) {
  return rowsOf<{ price_id: string; sold: number; reserved: number }>(
    await q.execute(sql`
      select oi.price_id,
        coalesce(sum(oi.quantity) filter (where oi.holds_until = 'infinity'), 0)::int as sold,
        coalesce(sum(oi.quantity) filter (where oi.holds_until < 'infinity'), 0)::int as reserved
      from order_items oi
      where oi.event_id = ${eventId} and oi.holds_until > now()
      group by oi.price_id`),
  );
}
