import { orderTotals, priceLine } from '@taquilla/shared/pricing';
import type { AppDeps } from '../../deps.ts';
import { type AppError, conflict, invalid } from '../../lib/errors.ts';
import { newShortId } from '../../lib/ids.ts';
import { checkoutMessages as m } from './checkout.messages.ts';
import { SOLD_OUT } from './checkout.service.ts';
import { loadReservationContext } from './reservation-context.ts';
import { type ReserveProblem, reserveUnits } from './reserve-units.ts';

type Deps = Pick<AppDeps, 'db' | 'config'>;

export interface OrganizerHoldLine {
  ticket_id: string;
  price_id: string;
  quantity: number;
}

export interface OrganizerHold {
  orderId: string;
  shortId: string;
  /** Order item id per price id. */
  itemIds: Map<string, string>;
}

function refusal(problem: ReserveProblem, names: Map<string, string>, lines: OrganizerHoldLine[]): AppError {
  if (problem.problem === 'PROMO_CODE_INVALID') return invalid({ tickets: m['checkout.ticket_unavailable'] });
  const ticket = names.get(problem.ticketId) ?? '';
  const at = `tickets.${Math.max(
    0,
    lines.findIndex((l) => l.ticket_id === problem.ticketId),
  )}`;
  switch (problem.problem) {
    case 'SOLD_OUT':
      return conflict(m['checkout.sold_out'], { ticket }, SOLD_OUT);
    case 'SALE_NOT_STARTED':
      return invalid({ [`${at}.ticket_id`]: m['checkout.sale_not_started'] });
    case 'SALE_ENDED':
      return invalid({ [`${at}.ticket_id`]: m['checkout.sale_ended'] });
    case 'MIN_PER_ORDER':
      return invalid({
        [`${at}.quantity`]: { key: m['checkout.min_per_order'], params: { min: 1, ticket } },
      });
    case 'MAX_PER_ORDER':
      return invalid({
        [`${at}.quantity`]: { key: m['checkout.max_per_order'], params: { max: 1, ticket } },
      });
    default:
      return invalid({ [`${at}.ticket_id`]: m['checkout.ticket_unavailable'] });
  }
}

/**
 * Units an organizer takes for an order made by hand (box office, phone, complimentary) or to give an
 * attendee their place back: the same locked reservation as a buyer's (`reserveUnits` → the
 * `checkout_reserve` database function), so every stock limit holds and nothing is oversold. The order
 * is written RESERVED, priced at the catalogue price (or 0 when `complimentary`); the caller completes
 * it (or moves its units) in its own transaction before it expires.
 */
export async function holdUnitsForOrganizer(
  deps: Deps,
  event: { id: string; account_id: string; currency: string; order_timeout_minutes: number },
  lines: OrganizerHoldLine[],
  opts: { complimentary: boolean; locale: string },
): Promise<OrganizerHold> {
  const ticketIds = [...new Set(lines.map((l) => l.ticket_id))];
  const { tickets } = await loadReservationContext(
    deps.db,
    event.id,
    ticketIds,
    { promoCode: null, affiliateCode: null },
    false,
  );
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  const priced = lines.flatMap((line, i) => {
    const ticket = tickets.find((t) => t.id === line.ticket_id);
    const price = ticket?.prices.find((p) => p.id === line.price_id);
    if (!ticket || !price || seen.has(line.price_id)) {
      fields[`tickets.${i}.ticket_id`] = m['checkout.ticket_unavailable'];
      return [];
    }
    seen.add(line.price_id);
    const unitPriceCents = opts.complimentary || ticket.price_type === 'FREE' ? 0 : price.price_cents;
    const amounts = priceLine({
      ticketId: ticket.id,
      priceType: opts.complimentary ? 'FREE' : ticket.price_type,
      unitPriceCents,
      quantity: line.quantity,
      promo: null,
      taxesAndFees: opts.complimentary ? [] : ticket.taxes,
    });
    return [{ line, ticket, price, amounts }];
  });
  if (Object.keys(fields).length > 0) throw invalid(fields);

  const shortId = newShortId('o');
  const inserted = await reserveUnits(
    deps.db,
    {
      short_id: shortId,
      account_id: event.account_id,
      event_id: event.id,
      timeout_minutes: event.order_timeout_minutes,
      locale: opts.locale,
      currency: event.currency,
      ...orderTotals(priced.map((p) => p.amounts)),
      promo_code_id: null,
      promo_code: null,
      affiliate_id: null,
    },
    priced.map(({ line, ticket, price, amounts }) => ({
      ticket_id: ticket.id,
      price_id: price.id,
      quantity: line.quantity,
      ticket_name: ticket.name,
      price_label: ticket.price_type === 'TIERED' ? price.label : null,
      unit_price_cents: amounts.unit_price_cents,
      unit_discount_cents: amounts.unit_discount_cents,
      taxes_cents: amounts.taxes_cents,
      fees_cents: amounts.fees_cents,
      total_cents: amounts.total_cents,
      taxes_and_fees: amounts.taxes_and_fees,
    })),
    { unsafeNoLocks: deps.config.checkoutUnsafeNoLocks },
  );
  if ('problem' in inserted) {
    throw refusal(inserted, new Map(tickets.map((t) => [t.id, t.name])), lines);
  }
  return { orderId: inserted.orderId, shortId, itemIds: inserted.itemIds };
}
