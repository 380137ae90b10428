import type { App } from '../../app.ts';
import { orderItems, orders, ticketPrices, tickets } from '../../db/schema/index.ts';
import { randomBase62 } from '../../lib/ids.ts';
import { one } from '../../lib/rows.ts';

type Headers = Record<string, string>;

/** An organizer created through the API. */
export async function createOrganizer(app: App, headers: Headers, body: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/organizers',
    headers,
    payload: { name: `Organizador ${randomBase62(4)}`, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`createOrganizer: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; name: string };
}

/** An event (and an organizer when none is given) created through the API, starting in 30 days. */
export async function createEvent(app: App, headers: Headers, body: Record<string, unknown> = {}) {
  const organizerId = (body.organizer_id as string | undefined) ?? (await createOrganizer(app, headers)).id;
  const start = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  const res = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers,
    payload: {
      name: `Concierto ${randomBase62(4)}`,
      organizer_id: organizerId,
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 3 * 3600 * 1000).toISOString(),
      timezone: 'Europe/Madrid',
      currency: 'EUR',
      ...body,
    },
  });
  if (res.statusCode !== 201) throw new Error(`createEvent: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; slug: string; status: string; organizer: { id: string } };
}

/** A PAID ticket with one price tier, written straight to the database (tickets have their own module). */
export async function insertTicket(
  app: App,
  accountId: string,
  eventId: string,
  opts: { name?: string; priceCents?: number; quantity?: number | null } = {},
) {
  const ticket = one(
    await app.deps.db
      .insert(tickets)
      .values({ account_id: accountId, event_id: eventId, name: opts.name ?? 'General', price_type: 'PAID' })
      .returning(),
  );
  const price = one(
    await app.deps.db
      .insert(ticketPrices)
      .values({
        ticket_id: ticket.id,
        event_id: eventId,
        price_cents: opts.priceCents ?? 2500,
        quantity: opts.quantity === undefined ? 100 : opts.quantity,
      })
      .returning(),
  );
  return { ticket, price };
}

/** A COMPLETED order of `quantity` units of a ticket, written straight to the database. */
export async function insertCompletedOrder(
  app: App,
  accountId: string,
  eventId: string,
  item: { ticketId: string; priceId: string; unitCents: number; quantity: number },
  status: 'COMPLETED' | 'CANCELLED' = 'COMPLETED',
) {
  const total = item.unitCents * item.quantity;
  const order = one(
    await app.deps.db
      .insert(orders)
      .values({
        short_id: `o_${randomBase62(20)}`,
        account_id: accountId,
        event_id: eventId,
        status,
        reserved_until: new Date(),
        currency: 'EUR',
        subtotal_cents: total,
        total_cents: total,
        email: 'comprador@example.com',
        first_name: 'Lucía',
        last_name: 'Martín',
        completed_at: new Date(),
      })
      .returning(),
  );
  await app.deps.db.insert(orderItems).values({
    order_id: order.id,
    event_id: eventId,
    ticket_id: item.ticketId,
    price_id: item.priceId,
    ticket_name: 'General',
    quantity: item.quantity,
    unit_price_cents: item.unitCents,
    total_cents: total,
  });
  return order;
}
