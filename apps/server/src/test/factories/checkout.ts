import type { App } from '../../app.ts';
import {
  affiliates,
  capacityAssignments,
  capacityAssignmentTickets,
  eventDates,
  events,
  organizers,
  promoCodes,
  questions,
  taxesAndFees,
  ticketPrices,
  tickets,
  ticketTaxes,
} from '../../db/schema/index.ts';
import { randomBase62 } from '../../lib/ids.ts';
import { at, one } from '../../lib/rows.ts';
import { createAccountWithUser } from './accounts.ts';

/**
 * What checkout sells, written straight to the database so checkout tests do not depend on the back
 * office: a LIVE event of a fresh account, and helpers to add tickets, codes, capacities and questions.
 */
export async function createSellingEvent(
  app: App,
  opts: {
    status?: 'DRAFT' | 'LIVE' | 'ARCHIVED';
    settings?: Record<string, unknown>;
    orderTimeoutMinutes?: number;
    currency?: string;
  } = {},
) {
  const owner = await createAccountWithUser(app);
  const db = app.deps.db;
  // In 30 days, 19:00 or 20:00 in Madrid until 22:00 or 23:00: the same day whatever the hour of the run.
  const start = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  start.setUTCHours(18, 0, 0, 0);
  const organizer = one(
    await db
      .insert(organizers)
      .values({ account_id: owner.account.id, name: 'Sala Apolo', email: 'hola@apolo.example' })
      .returning(),
  );
  const event = one(
    await db
      .insert(events)
      .values({
        account_id: owner.account.id,
        organizer_id: organizer.id,
        name: 'Concierto de Otoño',
        slug: 'concierto-de-otono',
        status: opts.status ?? 'LIVE',
        start_date: start,
        end_date: new Date(start.getTime() + 3 * 3600 * 1000),
        timezone: 'Europe/Madrid',
        currency: opts.currency ?? 'EUR',
        location: {
          venue_name: 'Sala Apolo',
          address_line_1: 'Carrer Nou de la Rambla 113',
          city: 'Barcelona',
        },
        order_timeout_minutes: opts.orderTimeoutMinutes ?? 15,
        settings: opts.settings ?? {},
      })
      .returning(),
  );
  return { ...owner, organizer, event };
}

type TicketOpts = Partial<typeof tickets.$inferInsert> & {
  prices?: { label?: string; price_cents: number; quantity?: number | null; is_hidden?: boolean }[];
  taxIds?: string[];
};

/** A ticket with its price tiers (default: one PAID tier of 25,00 € and 100 units). */
export async function addTicket(app: App, event: { id: string; account_id: string }, opts: TicketOpts = {}) {
  const { prices: priceOpts, taxIds, ...ticketValues } = opts;
  const db = app.deps.db;
  const ticket = one(
    await db
      .insert(tickets)
      .values({
        name: 'Entrada general',
        price_type: 'PAID',
        ...ticketValues,
        account_id: event.account_id,
        event_id: event.id,
      })
      .returning(),
  );
  const prices = await db
    .insert(ticketPrices)
    .values(
      (priceOpts ?? [{ price_cents: 2500, quantity: 100 }]).map((p, i) => ({
        ticket_id: ticket.id,
        event_id: event.id,
        label: p.label ?? null,
        price_cents: p.price_cents,
        quantity: p.quantity === undefined ? 100 : p.quantity,
        is_hidden: p.is_hidden ?? false,
        sort_order: i,
      })),
    )
    .returning();
  if (taxIds?.length) {
    await db.insert(ticketTaxes).values(taxIds.map((tax_id) => ({ ticket_id: ticket.id, tax_id })));
  }
  return { ...ticket, prices };
}

export async function addTax(
  app: App,
  accountId: string,
  opts: { name: string; type: 'TAX' | 'FEE'; calculation: 'PERCENTAGE' | 'FIXED'; value: number },
) {
  const row = one(
    await app.deps.db
      .insert(taxesAndFees)
      .values({ account_id: accountId, ...opts })
      .returning(),
  );
  return row;
}

export async function addPromoCode(
  app: App,
  event: { id: string; account_id: string },
  opts: Partial<typeof promoCodes.$inferInsert> & { code: string },
) {
  const row = one(
    await app.deps.db
      .insert(promoCodes)
      .values({
        discount_type: 'NONE',
        ...opts,
        code_normalized: opts.code.toLowerCase(),
        account_id: event.account_id,
        event_id: event.id,
      })
      .returning(),
  );
  return row;
}

export async function addCapacity(
  app: App,
  event: { id: string; account_id: string },
  capacity: number,
  ticketIds: string[],
) {
  const row = one(
    await app.deps.db
      .insert(capacityAssignments)
      .values({
        account_id: event.account_id,
        event_id: event.id,
        name: `Aforo ${randomBase62(4)}`,
        capacity,
      })
      .returning(),
  );
  await app.deps.db
    .insert(capacityAssignmentTickets)
    .values(ticketIds.map((ticket_id) => ({ capacity_assignment_id: row.id, ticket_id })));
  return row;
}

export async function addQuestion(
  app: App,
  event: { id: string; account_id: string },
  opts: Partial<typeof questions.$inferInsert> & { title: string; belongs_to: 'ORDER' | 'ATTENDEE' },
) {
  const row = one(
    await app.deps.db
      .insert(questions)
      .values({ type: 'SINGLE_LINE_TEXT', ...opts, account_id: event.account_id, event_id: event.id })
      .returning(),
  );
  return row;
}

export async function addAffiliate(app: App, event: { id: string; account_id: string }, code: string) {
  const row = one(
    await app.deps.db
      .insert(affiliates)
      .values({ account_id: event.account_id, event_id: event.id, name: 'Radio Local', code })
      .returning(),
  );
  return row;
}

export const buyer = {
  first_name: 'Lucía',
  last_name: 'Martín',
  email: 'lucia@example.com',
  email_confirmation: 'lucia@example.com',
};

/**
 * A buyer's completed order through the public checkout over HTTP: reserve, details, test card.
 * `attendees` gives each unit its holder; by default the buyer's details are copied.
 */
export async function buyWithTestCard(
  app: App,
  event: { id: string },
  ticket: { id: string; prices: { id: string }[] },
  opts: {
    quantity?: number;
    affiliate_code?: string;
    attendees?: { first_name: string; last_name: string; email: string; answers?: Record<string, unknown> }[];
    /** The buyer's browser language (Accept-Language), which the order and its e-mails keep. */
    acceptLanguage?: string;
    /** One of the event's dates (#27). */
    eventDateId?: string;
  } = {},
) {
  const base = `/api/public/events/${event.id}/order`;
  const headers = opts.acceptLanguage ? { 'accept-language': opts.acceptLanguage } : {};
  const reserved = await app.inject({
    method: 'POST',
    url: base,
    headers,
    payload: {
      tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: opts.quantity ?? 1 }],
      ...(opts.affiliate_code ? { affiliate_code: opts.affiliate_code } : {}),
      ...(opts.eventDateId ? { event_date_id: opts.eventDateId } : {}),
    },
  });
  if (reserved.statusCode !== 201) throw new Error(`reserve: ${reserved.statusCode} ${reserved.body}`);
  const short: string = reserved.json().data.short_id;
  const details = await app.inject({
    method: 'PUT',
    url: `${base}/${short}`,
    headers,
    payload: {
      ...buyer,
      ...(opts.attendees ? { attendees: opts.attendees.map((a) => ({ ticket_id: ticket.id, ...a })) } : {}),
    },
  });
  if (details.statusCode !== 200) throw new Error(`details: ${details.statusCode} ${details.body}`);
  const paid = await app.inject({
    method: 'POST',
    url: `${base}/${short}/payment`,
    headers,
    payload: { provider: 'test', card_number: '4242 4242 4242 4242' },
  });
  if (paid.json().data?.status !== 'COMPLETED') throw new Error(`payment: ${paid.statusCode} ${paid.body}`);
  return short;
}

/** A date of the event (#27), in `inDays` days at 18:00 UTC for two hours. */
export async function addEventDate(
  app: App,
  event: { id: string; account_id: string },
  opts: Partial<typeof eventDates.$inferInsert> & { inDays?: number } = {},
) {
  const { inDays = 10, ...values } = opts;
  const starts = new Date(Date.now() + inDays * 24 * 3600 * 1000);
  starts.setUTCHours(18, 0, 0, 0);
  return one(
    await app.deps.db
      .insert(eventDates)
      .values({
        account_id: event.account_id,
        event_id: event.id,
        starts_at: starts,
        ends_at: new Date(starts.getTime() + 2 * 3600 * 1000),
        ...values,
      })
      .returning(),
  );
}
