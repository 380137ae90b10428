import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { rowsOf } from '../../db/client.ts';
import {
  checkInLists,
  checkIns,
  messageDeliveries,
  messages,
  ticketLookupTokens,
  ticketTransfers,
  waitlistEntries,
} from '../../db/schema/index.ts';
import { newShortId } from '../../lib/ids.ts';
import { newPseudonym, type PersonalDataKind } from '../../lib/personal-data.ts';
import { at, one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../app.ts';
import { addQuestion, addTicket, createSellingEvent } from './checkout.ts';

/**
 * A person's data in every module that holds some (privacy tests): an account that invoices, an order
 * bought over HTTP with answers and a second ticket holder, and rows of the waiting list, a message, a
 * check-in, a ticket transfer, a «find my tickets» link and an organizer's note.
 */
export const PERSON = 'lucia@example.com';
export const OTHER = 'pablo@example.com';

export type World = Awaited<ReturnType<typeof sellingWorld>>;

/** An account that invoices, with an order- and an attendee-level question. */
export async function sellingWorld(app: App) {
  const s = await createSellingEvent(app);
  const put = await app.inject({
    method: 'PUT',
    url: '/api/accounts/me/invoicing',
    headers: s.headers,
    payload: {
      enabled: true,
      legal_name: 'Sala Apolo S.L.',
      tax_id: 'B12345674',
      address: 'Carrer Nou de la Rambla 113, 08004 Barcelona',
      series_prefix: 'TQ',
      vat_regime: 'GENERAL',
      fees_vat_rate_bp: 2100,
    },
  });
  expect(put.statusCode, put.body).toBe(200);
  const ticket = await addTicket(app, s.event);
  const phone = await addQuestion(app, s.event, { title: 'Teléfono', belongs_to: 'ORDER', type: 'PHONE' });
  const diet = await addQuestion(app, s.event, { title: 'Alergias', belongs_to: 'ATTENDEE' });
  return { ...s, ticket, phone, diet };
}

/** Buys two tickets: one held by the buyer, one by `OTHER`, with answers and invoice details. */
export async function buy(app: App, w: World, buyerEmail = PERSON) {
  const base = `/api/public/events/${w.event.id}/order`;
  const reserved = await app.inject({
    method: 'POST',
    url: base,
    payload: { tickets: [{ ticket_id: w.ticket.id, price_id: at(w.ticket.prices, 0).id, quantity: 2 }] },
  });
  expect(reserved.statusCode, reserved.body).toBe(201);
  const short: string = reserved.json().data.short_id;
  const details = await app.inject({
    method: 'PUT',
    url: `${base}/${short}`,
    payload: {
      first_name: 'Lucía',
      last_name: 'Martín',
      email: buyerEmail,
      email_confirmation: buyerEmail,
      answers: { [w.phone.id]: '+34 600 000 000' },
      invoice: { name: 'Lucía Martín', tax_id: '12345678Z', address: 'Calle Mayor 1, Madrid' },
      attendees: [
        {
          ticket_id: w.ticket.id,
          first_name: 'Lucía',
          last_name: 'Martín',
          email: buyerEmail,
          answers: { [w.diet.id]: 'Nueces' },
        },
        {
          ticket_id: w.ticket.id,
          first_name: 'Pablo',
          last_name: 'Ruiz',
          email: OTHER,
          answers: { [w.diet.id]: 'Ninguna' },
        },
      ],
    },
  });
  expect(details.statusCode, details.body).toBe(200);
  const paid = await app.inject({
    method: 'POST',
    url: `${base}/${short}/payment`,
    payload: { provider: 'test', card_number: '4242 4242 4242 4242' },
  });
  expect(paid.json().data?.status, paid.body).toBe('COMPLETED');
  return short;
}

/** What the other modules hold: a waiting-list entry, a message delivery and a check-in of the person. */
export async function holdTheRest(app: App, w: World, email = PERSON) {
  const db = app.deps.db;
  await db.insert(waitlistEntries).values({
    account_id: w.account.id,
    event_id: w.event.id,
    ticket_id: w.ticket.id,
    price_id: at(w.ticket.prices, 0).id,
    first_name: 'Lucía',
    last_name: 'Martín',
    email,
    quantity: 1,
    leave_token_hash: createHash('sha256').update(newShortId('c')).digest('hex'),
  });
  const message = one(
    await db
      .insert(messages)
      .values({
        account_id: w.account.id,
        event_id: w.event.id,
        subject: 'Cambio de horario',
        body: '<p>Abrimos puertas a las 19:00.</p>',
        audience: { type: 'ALL_ATTENDEES' } as never,
        status: 'SENT',
        send_at: new Date(),
        acknowledged_at: new Date(),
      })
      .returning(),
  );
  await db.insert(messageDeliveries).values([
    { message_id: message.id, email, first_name: 'Lucía', locale: 'es', status: 'SENT', sent_at: new Date() },
    { message_id: message.id, email: OTHER, first_name: 'Pablo', locale: 'es', status: 'SENT' },
  ]);
  const list = one(
    await db
      .insert(checkInLists)
      .values({ account_id: w.account.id, event_id: w.event.id, short_id: newShortId('c'), name: 'Puerta' })
      .returning(),
  );
  const [attendee] = rowsOf<{ id: string; order_id: string }>(
    await db.execute(
      sql`select id, order_id from attendees where event_id = ${w.event.id} and email = ${email}`,
    ),
  );
  // She once passed a ticket on to Marta, asked for a «find my tickets» link, and the organizer noted a call.
  await db.insert(ticketTransfers).values({
    account_id: w.account.id,
    event_id: w.event.id,
    order_id: String(attendee?.order_id),
    attendee_id: String(attendee?.id),
    old_short_id: newShortId('a'),
    old_qr_hash: 'x'.repeat(64),
    from_name: 'Lucía Martín',
    from_email: email,
    to_name: 'Marta Soler',
    to_email: 'marta@example.com',
    door_version: 0,
  });
  await db.insert(ticketLookupTokens).values({
    account_id: w.account.id,
    organizer_id: w.organizer.id,
    event_id: w.event.id,
    email,
    token_hash: createHash('sha256').update(newShortId('c')).digest('hex'),
    expires_at: new Date(Date.now() + 3600_000),
  });
  await db.execute(
    sql`update orders set organizer_notes = 'Lucía llamó: llega tarde' where id = ${String(attendee?.order_id)}`,
  );
  await db.insert(checkIns).values({
    account_id: w.account.id,
    event_id: w.event.id,
    check_in_list_id: list.id,
    attendee_id: String(attendee?.id),
  });
  return { list };
}

/** Every row of the tables that hold personal data, of one account, as text: what an erasure may change. */
export async function personalTables(app: App, accountId: string) {
  const [row] = rowsOf<{ t: string; invoices: string | null }>(
    await app.deps.db.execute(sql`
      select concat_ws('|',
        (select json_agg(x order by x.id)::text from orders x where x.account_id = ${accountId}),
        (select json_agg(x order by x.id)::text from attendees x where x.account_id = ${accountId}),
        (select json_agg(x order by x.id)::text from waitlist_entries x where x.account_id = ${accountId}),
        (select json_agg(d order by d.id)::text from message_deliveries d
           join messages m on m.id = d.message_id where m.account_id = ${accountId}),
        (select json_agg(j order by j.id)::text from jobs j where j.payload ->> 'account_id' = ${accountId}),
        (select json_agg(x order by x.id)::text from order_activities x where x.account_id = ${accountId}),
        (select json_agg(x order by x.id)::text from ticket_transfers x where x.account_id = ${accountId}),
        (select json_agg(x order by x.id)::text from ticket_lookup_tokens x where x.account_id = ${accountId}),
        (select json_agg(x order by x.id)::text from check_ins x where x.account_id = ${accountId})) as t,
      (select json_agg(x order by x.id)::text from invoices x where x.account_id = ${accountId}) as invoices`),
  );
  // Invoices last, apart: they keep the buyer's details on purpose.
  return `${row?.t ?? ''}#${row?.invoices ?? ''}`;
}

/**
 * The contract every module's privacy file keeps, tested on that module's kind alone: it lists the
 * person's rows of this account only; erasing changes the person's rows of this account only (another
 * account holding the same person, untouched) and counts them; erasing again finds nothing; and the
 * retention sweep's target (an event's every buyer) reaches the same rows.
 */
export function describePersonalDataKind(
  kind: PersonalDataKind,
  /** Row counts ('some': one or more, for kinds whose count depends on other modules, e.g. e-mails). */
  expected: { held: number | 'some'; erased: number | 'some'; kept: number; gone?: string[] },
) {
  describe(`personal data: ${kind.kind}`, () => {
    let t: TestApp;
    let w: World;
    let other: World;
    beforeAll(async () => {
      t = await createTestApp();
      w = await sellingWorld(t.app);
      await buy(t.app, w);
      await holdTheRest(t.app, w);
      other = await sellingWorld(t.app);
      await buy(t.app, other);
      await holdTheRest(t.app, other);
    });
    afterAll(() => t.close());

    it("lists the person's rows of this account", async () => {
      const rows = await kind.personalDataOf(t.app.deps.db, w.account.id, PERSON);
      if (expected.held === 'some') expect(rows.length).toBeGreaterThan(0);
      else expect(rows).toHaveLength(expected.held);
      expect(await kind.personalDataOf(t.app.deps.db, w.account.id, 'nadie@example.com')).toEqual([]);
    });

    it("erases the person's rows of this account only, once", async () => {
      const otherBefore = await personalTables(t.app, other.account.id);
      const target = { email: PERSON, pseudonym: newPseudonym() };
      const first = await t.app.deps.db.transaction((tx) => kind.erasePersonalData(tx, w.account.id, target));
      if (expected.erased === 'some') expect(first.erased).toBeGreaterThan(0);
      else expect(first.erased).toBe(expected.erased);
      expect(first.kept).toBe(expected.kept);
      const after = await personalTables(t.app, w.account.id);
      const held = after.slice(0, after.lastIndexOf('#'));
      for (const text of expected.gone ?? []) expect(held).not.toContain(text);
      expect(await personalTables(t.app, other.account.id)).toBe(otherBefore);
      if (first.erased > 0) {
        const second = await t.app.deps.db.transaction((tx) =>
          kind.erasePersonalData(tx, w.account.id, target),
        );
        expect(second.erased).toBe(0);
        expect(await personalTables(t.app, w.account.id)).toBe(after);
      }
    });

    it("reaches the same rows through the event (the retention sweep's target), other accounts' untouched", async () => {
      const otherBefore = await personalTables(t.app, w.account.id);
      const swept = await t.app.deps.db.transaction((tx) =>
        kind.erasePersonalData(tx, other.account.id, { eventIds: [other.event.id] }),
      );
      expect(swept.erased).toBeGreaterThanOrEqual(expected.erased === 'some' ? 1 : expected.erased);
      expect(await personalTables(t.app, w.account.id)).toBe(otherBefore);
      const again = await t.app.deps.db.transaction((tx) =>
        kind.erasePersonalData(tx, other.account.id, { eventIds: [other.event.id] }),
      );
      expect(again.erased).toBe(0);
    });
  });
}
