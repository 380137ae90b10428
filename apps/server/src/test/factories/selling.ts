import type { App } from '../../app.ts';
import { events, orderItems, orders, organizers, taxesAndFees } from '../../db/schema/index.ts';
import { randomBase62 } from '../../lib/ids.ts';
import { one } from '../../lib/rows.ts';

/**
 * Rows the selling tests need from other areas, written straight to the database: an organizer and an
 * event, taxes and fees, and orders holding units (the reservation rows checkout writes).
 */
export async function createEvent(
  app: App,
  accountId: string,
  opts: { status?: 'DRAFT' | 'LIVE' | 'ARCHIVED'; name?: string; deleted?: boolean; settings?: object } = {},
) {
  const db = app.deps.db;
  const organizer = one(
    await db
      .insert(organizers)
      .values({ account_id: accountId, name: 'Sala Apolo', email: 'hola@apolo.example' })
      .returning(),
  );
  const event = one(
    await db
      .insert(events)
      .values({
        account_id: accountId,
        organizer_id: organizer.id,
        name: opts.name ?? 'Concierto de primavera',
        slug: 'concierto-de-primavera',
        description: '<p>Una noche <strong>única</strong>.</p>',
        status: opts.status ?? 'LIVE',
        start_date: new Date(Date.now() + 30 * 86400_000),
        timezone: 'Europe/Madrid',
        currency: 'EUR',
        location: { venue_name: 'Sala Apolo', city: 'Barcelona' },
        settings: (opts.settings ?? {}) as Record<string, unknown>,
        deleted_at: opts.deleted ? new Date() : null,
      })
      .returning(),
  );
  return { organizer, event };
}

export async function createTax(
  app: App,
  accountId: string,
  opts: Partial<typeof taxesAndFees.$inferInsert> = {},
) {
  const row = one(
    await app.deps.db
      .insert(taxesAndFees)
      .values({
        account_id: accountId,
        name: 'IVA',
        type: 'TAX',
        calculation: 'PERCENTAGE',
        value: 2100,
        ...opts,
      })
      .returning(),
  );
  return row;
}

/** An order holding units: RESERVED until `reservedUntil` (default in 15 min), or COMPLETED etc. */
export async function insertOrder(
  app: App,
  opts: {
    accountId: string;
    eventId: string;
    status?: (typeof orders.$inferInsert)['status'];
    reservedUntil?: Date;
    promoCodeId?: string | null;
    /** One of the event's dates (#27): the order and its lines hold that date's units. */
    eventDateId?: string | null;
    items: { ticketId: string; priceId: string; quantity: number }[];
  },
) {
  const db = app.deps.db;
  const order = one(
    await db
      .insert(orders)
      .values({
        short_id: `o_${randomBase62(20)}`,
        account_id: opts.accountId,
        event_id: opts.eventId,
        status: opts.status ?? 'RESERVED',
        reserved_until: opts.reservedUntil ?? new Date(Date.now() + 15 * 60_000),
        currency: 'EUR',
        subtotal_cents: 0,
        total_cents: 0,
        promo_code_id: opts.promoCodeId ?? null,
        event_date_id: opts.eventDateId ?? null,
      })
      .returning(),
  );
  if (opts.items.length) {
    await db.insert(orderItems).values(
      opts.items.map((i) => ({
        order_id: order.id,
        event_id: opts.eventId,
        ticket_id: i.ticketId,
        price_id: i.priceId,
        event_date_id: opts.eventDateId ?? null,
        ticket_name: 'Entrada',
        quantity: i.quantity,
        unit_price_cents: 0,
        total_cents: 0,
      })),
    );
  }
  return order;
}
