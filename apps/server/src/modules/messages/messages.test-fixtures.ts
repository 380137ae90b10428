import type { Locale } from '@taquilla/shared';
import { sql } from 'drizzle-orm';
import type { App } from '../../app.ts';

/** Test and bench fixtures for messages: orders bought over HTTP, and large crowds written in one query. */

interface Holder {
  ticket: { id: string; prices: { id: string }[] };
  first_name: string;
  last_name?: string;
  email: string;
}

/**
 * One order through the public checkout over HTTP, in the buyer's language (Accept-Language): the test
 * card completes it, `offline` leaves it awaiting payment, `reserveOnly` stops after the details.
 */
export async function buyOrder(
  app: App,
  eventId: string,
  buyer: { first_name: string; email: string; lang?: Locale },
  holders: Holder[],
  opts: { provider?: 'test' | 'offline'; reserveOnly?: boolean; eventDateId?: string } = {},
): Promise<string> {
  const base = `/api/public/events/${eventId}/order`;
  const headers = { 'accept-language': buyer.lang ?? 'es' };
  const lines = new Map<string, { ticket_id: string; price_id: string; quantity: number }>();
  for (const h of holders) {
    const price = h.ticket.prices[0];
    if (!price) throw new Error('ticket without price');
    const line = lines.get(h.ticket.id) ?? { ticket_id: h.ticket.id, price_id: price.id, quantity: 0 };
    line.quantity++;
    lines.set(h.ticket.id, line);
  }
  const reserved = await app.inject({
    method: 'POST',
    url: base,
    headers,
    payload: { tickets: [...lines.values()], event_date_id: opts.eventDateId },
  });
  if (reserved.statusCode !== 201) throw new Error(`reserve: ${reserved.statusCode} ${reserved.body}`);
  const short: string = reserved.json().data.short_id;
  const details = await app.inject({
    method: 'PUT',
    url: `${base}/${short}`,
    headers,
    payload: {
      first_name: buyer.first_name,
      last_name: 'Comprador',
      email: buyer.email,
      email_confirmation: buyer.email,
      attendees: holders.map((h) => ({
        ticket_id: h.ticket.id,
        first_name: h.first_name,
        last_name: h.last_name ?? 'Asistente',
        email: h.email,
      })),
    },
  });
  if (details.statusCode !== 200) throw new Error(`details: ${details.statusCode} ${details.body}`);
  if (opts.reserveOnly) return short;
  const paid = await app.inject({
    method: 'POST',
    url: `${base}/${short}/payment`,
    headers,
    payload:
      opts.provider === 'offline'
        ? { provider: 'offline' }
        : { provider: 'test', card_number: '4242 4242 4242 4242' },
  });
  if (paid.statusCode !== 200) throw new Error(`payment: ${paid.statusCode} ${paid.body}`);
  return short;
}

/**
 * `count` completed orders of one unit each, with one ACTIVE attendee `asistente-{n}@example.com`,
 * written in three statements (a 10,000-person audience in a second).
 */
export async function insertCrowd(
  app: App,
  target: { accountId: string; eventId: string; ticketId: string; priceId: string },
  count: number,
) {
  const { accountId, eventId, ticketId, priceId } = target;
  await app.deps.db.execute(sql`
    with o as (
      insert into orders (short_id, account_id, event_id, status, reserved_until, currency,
        subtotal_cents, total_cents, email, first_name, last_name, locale, completed_at)
      select 'crowd' || n || '_' || substr(md5(random()::text), 1, 10), ${accountId}, ${eventId}, 'COMPLETED',
        now(), 'EUR', 1000, 1000, 'asistente-' || n || '@example.com', 'Asistente ' || n, 'Prueba',
        case when n % 4 = 0 then 'en' else 'es' end, now()
      from generate_series(1, ${count}) n
      returning id, email, first_name
    ), i as (
      insert into order_items (order_id, event_id, ticket_id, price_id, ticket_name, quantity,
        unit_price_cents, total_cents)
      select o.id, ${eventId}, ${ticketId}, ${priceId}, 'General', 1, 1000, 1000 from o
      returning id, order_id
    )
    insert into attendees (short_id, account_id, event_id, order_id, order_item_id, ticket_id, price_id,
      first_name, last_name, email, status, qr_secret)
    select 'a' || substr(md5(random()::text || i.id), 1, 19), ${accountId}, ${eventId}, i.order_id, i.id,
      ${ticketId}, ${priceId}, o.first_name, 'Prueba', o.email, 'ACTIVE', md5(random()::text || i.id)
    from i join o on o.id = i.order_id`);
}
