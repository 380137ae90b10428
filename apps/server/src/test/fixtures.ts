import { sql } from 'drizzle-orm';
import type { App } from '../app.ts';
import { rowsOf } from '../db/client.ts';
import {
  apiKeys,
  attendees,
  checkInLists,
  eventDates,
  invoiceSettings,
  invoices,
  messages,
  orders,
  waitlistEntries,
  webhookDeliveries,
  webhookEndpoints,
} from '../db/schema/index.ts';
import { hashToken, newShortId } from '../lib/ids.ts';
import { createSession } from '../modules/auth/sessions.ts';
import { addUser, createAccountWithUser } from './factories/accounts.ts';
import {
  addAffiliate,
  addCapacity,
  addPromoCode,
  addQuestion,
  addTax,
  addTicket,
  buyWithTestCard,
  createSellingEvent,
} from './factories/checkout.ts';

/**
 * An account with one of everything (event, ticket, code, capacity, question, affiliate, tax, check-in
 * list, a paid order and its attendee, an ORGANIZER member), another account, and how to fill a route's
 * path parameters with the first account's ids. For tests that walk the whole route table.
 */
export async function accountWithEverything(app: App) {
  const owner = await createSellingEvent(app);
  const { event, organizer, account } = owner;
  const ticket = await addTicket(app, event);
  const code = await addPromoCode(app, event, { code: 'MATRIZ' });
  const capacity = await addCapacity(app, event, 50, [ticket.id]);
  const question = await addQuestion(app, event, { title: '¿Alergias?', belongs_to: 'ORDER' });
  const affiliate = await addAffiliate(app, event, 'MATRIZAF');
  const tax = await addTax(app, account.id, {
    name: 'IVA',
    type: 'TAX',
    calculation: 'PERCENTAGE',
    value: 21,
  });
  const [list] = await app.deps.db
    .insert(checkInLists)
    .values({ account_id: account.id, event_id: event.id, short_id: newShortId('c'), name: 'Puerta' })
    .returning();
  const [message] = await app.deps.db
    .insert(messages)
    .values({
      account_id: account.id,
      event_id: event.id,
      subject: 'Las puertas abren a las 20:00',
      body: '<p>Os esperamos.</p>',
      audience: { type: 'ALL_ATTENDEES' },
      send_at: new Date(Date.now() + 86_400_000),
      acknowledged_at: new Date(),
    })
    .returning();
  // The account invoices: its paid order has an invoice.
  await app.deps.db.insert(invoiceSettings).values({
    account_id: account.id,
    enabled: true,
    legal_name: 'Sala Apolo S.L.',
    tax_id: 'B12345674',
    address: 'Barcelona',
  });
  const orderShortId = await buyWithTestCard(app, event, ticket);
  const [order] = await app.deps.db.select().from(orders).limit(1);
  const [invoice] = await app.deps.db.select().from(invoices).limit(1);
  const [attendee] = await app.deps.db.select().from(attendees).limit(1);
  const [entry] = await app.deps.db
    .insert(waitlistEntries)
    .values({
      account_id: account.id,
      event_id: event.id,
      ticket_id: ticket.id,
      price_id: ticket.prices[0]?.id ?? '',
      first_name: 'Espera',
      email: 'espera@example.com',
      quantity: 1,
      leave_token_hash: hashToken('matriz-espera'),
    })
    .returning();
  const [endpoint] = await app.deps.db
    .insert(webhookEndpoints)
    .values({
      account_id: account.id,
      url: 'https://hooks.example.com/taquilla',
      event_types: ['order.completed'],
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    })
    .returning();
  const [delivery] = await app.deps.db
    .insert(webhookDeliveries)
    .values({
      account_id: account.id,
      endpoint_id: endpoint?.id ?? '',
      message_id: 'msg_matriz',
      event_type: 'order.completed',
      body: '{}',
      resource_id: 'order.completed:matriz',
      status: 'SUCCEEDED',
    })
    .returning();
  const [apiKey] = await app.deps.db
    .insert(apiKeys)
    .values({
      account_id: account.id,
      created_by: owner.user.id,
      name: 'Contabilidad',
      permission: 'READ_ONLY',
      prefix: 'tqk_matriz',
      key_hash: hashToken('tqk_matriz-no-es-una-clave'),
    })
    .returning();
  const [date] = await app.deps.db
    .insert(eventDates)
    .values({ account_id: account.id, event_id: event.id, starts_at: new Date(Date.now() + 40 * 86_400_000) })
    .returning();
  const organizerUser = await addUser(app, account.id, { role: 'ORGANIZER' });
  const other = await createAccountWithUser(app, { accountName: 'Otra cuenta' });
  // A second session of the owner (another device), for /users/me/sessions/:sessionId.
  const ownerDevice = await createSession(app.deps.db, app.deps.config.authSecret, owner.user.id, account.id);
  await app.deps.jobs.drain();

  const ids: Record<string, string | undefined> = {
    eventId: event.id,
    ticketId: ticket.id,
    codeId: code.id,
    capacityId: capacity.id,
    dateId: date?.id,
    questionId: question.id,
    affiliateId: affiliate.id,
    promoterId: affiliate.id,
    listId: list?.id,
    messageId: message?.id,
    orderId: order?.id,
    invoiceId: invoice?.id,
    attendeeId: attendee?.id,
    entryId: entry?.id,
    deliveryId: delivery?.id,
    emailId: '1',
    imageId: '0b7c1a2e-3f4d-4e5f-8a9b-0c1d2e3f4a5b',
    token: 'abcdefghijklmnopqrstuvwx',
    orderShortId,
    attendeeShortId: attendee?.short_id,
    shortId: list?.short_id,
    code: 'MATRIZ',
    eventSlug: event.slug,
    account: account.id,
    file: 'logo.webp',
    sessionId: ownerDevice.sessionId,
    // The Apple Wallet web service's path: a device, the pass type, and a pass (a ticket's id).
    deviceLibraryIdentifier: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    passTypeIdentifier: 'pass.org.example.tickets',
    serialNumber: attendee?.id,
  };
  // `:id` is the id of whatever the segment before it names.
  const idOf: Record<string, string | undefined> = {
    events: event.id,
    organizers: organizer.id,
    users: owner.user.id,
    'taxes-and-fees': tax.id,
    webhooks: endpoint?.id,
    'api-keys': apiKey?.id,
  };

  /** The route's path with this account's ids, or an error naming the parameter nobody maps. */
  function fill(url: string): string {
    const segments = url.split('/');
    return segments
      .map((segment, i) => {
        if (!segment.startsWith(':')) return segment;
        const name = segment.slice(1);
        const value = name === 'id' ? idOf[segments[i - 1] ?? ''] : ids[name];
        if (!value) throw new Error(`no fixture id for :${name} in ${url} (add it to test/fixtures.ts)`);
        return value;
      })
      .join('/');
  }

  return { owner, organizerUser, other, event, ticket, fill };
}

/**
 * A fingerprint of every table's rows: equal fingerprints mean nothing was written. Left out: what counts
 * refused calls by design (the rate-limit counters, the sign-in back-off's failures) and a session's last
 * use and address (written by any signed-in request, refused or not, at most once a minute).
 */
export async function databaseFingerprint(app: App): Promise<Record<string, string>> {
  let tables = fingerprintTables.get(app);
  if (!tables) {
    tables = rowsOf<{ table_name: string }>(
      await app.deps.db.execute(
        sql`select table_name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE'
              and table_name not in ('rate_limits', 'sign_in_failures')
            order by table_name`,
      ),
    ).map((r) => r.table_name);
    fingerprintTables.set(app, tables);
  }
  // One statement for every table: the fuzzer takes a fingerprint after each write, and a round trip
  // per table made that the slowest part of the suite.
  const parts = tables.map((table) => {
    const rowText = table === 'sessions' ? sql`(to_jsonb(t) - 'last_used_at' - 'ip')::text` : sql`t::text`;
    return sql`select ${table}::text as name, count(*)::text as n,
        md5(coalesce(string_agg(${rowText}, '|' order by ${rowText}), '')) as h
      from ${sql.identifier(table)} t`;
  });
  const rows = rowsOf<{ name: string; n: string; h: string }>(
    await app.deps.db.execute(sql.join(parts, sql` union all `)),
  );
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n}:${r.h}`]));
}

/** The tables a fingerprint reads, per app: the schema does not change under a running test. */
const fingerprintTables = new WeakMap<App, string[]>();
