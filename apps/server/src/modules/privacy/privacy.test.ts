import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { rowsOf } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';
import { at, one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addQuestion, addTicket, createSellingEvent } from '../../test/factories/checkout.ts';
import {
  buy,
  holdTheRest,
  OTHER,
  PERSON,
  sellingWorld,
  type World,
} from '../../test/factories/personal-data.ts';

/**
 * Privacy over HTTP on the real app and database: one person's data across an account's events looked
 * up, exported (every kind), erased (every kind pseudonymised or removed, invoices and other people and
 * accounts untouched, a second erasure a no-op, logged by a keyed hash), and the retention sweep.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (w: { headers: Record<string, string> }, path: string, payload: object, lang = 'es') =>
  t.app.inject({
    method: 'POST',
    url: `/api/accounts/me/privacy/${path}`,
    headers: { ...w.headers, 'accept-language': lang },
    payload,
  });

/** Every row of the account's tables that mention an address, as text (to look for the person in). */
async function accountText(accountId: string) {
  const rows = rowsOf<{ t: string }>(
    await t.app.deps.db.execute(sql`
      select (select coalesce(json_agg(o), '[]') from orders o where o.account_id = ${accountId})::text
          || (select coalesce(json_agg(a), '[]') from attendees a where a.account_id = ${accountId})::text
          || (select coalesce(json_agg(w), '[]') from waitlist_entries w where w.account_id = ${accountId})::text
          || (select coalesce(json_agg(d), '[]') from message_deliveries d
                join messages m on m.id = d.message_id where m.account_id = ${accountId})::text
          || (select coalesce(json_agg(j), '[]') from jobs j where j.payload ->> 'account_id' = ${accountId})::text
          || (select coalesce(json_agg(x), '[]') from order_activities x where x.account_id = ${accountId})::text
          || (select coalesce(json_agg(x), '[]') from ticket_transfers x where x.account_id = ${accountId})::text
          || (select coalesce(json_agg(x), '[]') from ticket_lookup_tokens x where x.account_id = ${accountId})::text
        as t`),
  );
  return at(rows, 0).t;
}

const invoicesOf = async (accountId: string) =>
  rowsOf(
    await t.app.deps.db.execute(
      sql`select number_text, total_cents, buyer::text as buyer from invoices where account_id = ${accountId} order by chain_seq`,
    ),
  );

describe('privacy: one person', () => {
  let w: World;
  let other: World;
  let short: string;
  beforeAll(async () => {
    w = await sellingWorld(t.app);
    short = await buy(t.app, w);
    await holdTheRest(t.app, w);
    // The same person buys from another account too: nothing of it is touched.
    other = await sellingWorld(t.app);
    await buy(t.app, other);
    await holdTheRest(t.app, other);
  });

  it('counts what is held, per kind, and an unknown address holds nothing', async () => {
    const res = await post(w, 'lookup', { email: '  Lucia@Example.com ' });
    expect(res.statusCode, res.body).toBe(200);
    const { held, total } = res.json().data;
    expect(held).toEqual({
      orders: 1,
      attendees: 1,
      answers: 2,
      ticket_transfers: 2,
      waitlist: 1,
      message_deliveries: 1,
      emails: expect.any(Number),
      check_ins: 1,
      invoices: 1,
    });
    expect(held.emails).toBeGreaterThan(0);
    expect(total).toBeGreaterThan(8);
    const none = await post(w, 'lookup', { email: 'nadie@example.com' });
    expect(none.json().data.total).toBe(0);
    const bad = await post(w, 'lookup', { email: 'no es correo' }, 'en');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.email).toBe('Enter a valid e-mail address.');
  });

  it('exports every kind as a JSON download, and logs it by a keyed hash of the address', async () => {
    const res = await post(w, 'export', { email: PERSON });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const body = JSON.parse(res.body);
    expect(body.format).toBe('taquilla.personal-data.v1');
    const { data } = body;
    expect(at(data.orders, 0)).toMatchObject({
      short_id: short,
      first_name: 'Lucía',
      email: PERSON,
      invoice_details: { name: 'Lucía Martín', tax_id: '12345678Z', address: 'Calle Mayor 1, Madrid' },
    });
    expect(data.attendees).toEqual([expect.objectContaining({ first_name: 'Lucía', email: PERSON })]);
    expect(data.answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ belongs_to: 'ORDER', question: 'Teléfono', answer: '+34 600 000 000' }),
        expect.objectContaining({ belongs_to: 'ATTENDEE', question: 'Alergias', answer: 'Nueces' }),
      ]),
    );
    // Pablo's answer is his, not hers.
    expect(JSON.stringify(data.answers)).not.toContain('Ninguna');
    expect(data.waitlist).toEqual([expect.objectContaining({ email: PERSON, state: 'WAITING' })]);
    expect(data.message_deliveries).toEqual([expect.objectContaining({ subject: 'Cambio de horario' })]);
    expect(data.emails.length).toBeGreaterThan(0);
    expect(data.emails.every((e: { to: string }) => e.to === PERSON)).toBe(true);
    expect(data.check_ins).toEqual([expect.objectContaining({ list_name: 'Puerta' })]);
    expect(data.invoices).toEqual([expect.objectContaining({ kind: 'INVOICE', order_short_id: short })]);
    expect(data.orders[0].organizer_notes).toBe('Lucía llamó: llega tarde');
    expect(data.ticket_transfers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from_email: PERSON, to_email: 'marta@example.com' }),
      ]),
    );
    // Nothing of the other account.
    expect(data.orders).toHaveLength(1);

    const log = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/me/privacy/requests',
      headers: w.headers,
    });
    expect(log.statusCode, log.body).toBe(200);
    const [entry] = log.json().data;
    expect(entry).toMatchObject({ kind: 'EXPORT', counts: { orders: { erased: 0, kept: 1 } } });
    const stored = rowsOf<{ email_hash: string }>(
      await t.app.deps.db.execute(
        sql`select email_hash from privacy_requests where account_id = ${w.account.id}`,
      ),
    );
    expect(at(stored, 0).email_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain('lucia');
  });

  it('refuses an erasure whose confirmation differs, translated, and changes nothing', async () => {
    const before = await accountText(w.account.id);
    const res = await post(w, 'erase', { email: PERSON, confirm_email: 'otra@example.com' }, 'ca');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields.confirm_email).toBe(
      "Escriu una altra vegada la mateixa adreça per confirmar l'esborrament.",
    );
    expect(await accountText(w.account.id)).toBe(before);
  });

  it('erases every kind in one go, keeps invoices, other people and other accounts; a second erasure is a no-op', async () => {
    const invoicesBefore = await invoicesOf(w.account.id);
    const otherBefore = await accountText(other.account.id);
    const res = await post(w, 'erase', { email: PERSON, confirm_email: 'LUCIA@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const { counts, kept } = res.json().data;
    expect(counts).toMatchObject({
      orders: { erased: 1, kept: 0 },
      attendees: { erased: 1, kept: 0 },
      answers: { erased: 2, kept: 0 },
      ticket_transfers: { erased: 2, kept: 0 },
      waitlist: { erased: 1, kept: 0 },
      message_deliveries: { erased: 1, kept: 0 },
      check_ins: { erased: 0, kept: 1 },
      invoices: { erased: 0, kept: 1 },
    });
    expect(counts.emails.erased).toBeGreaterThan(0);
    expect(kept).toBe(2);

    // Nowhere in the account's personal data: no address, no name, no answer, no invoice details.
    const text = await accountText(w.account.id);
    expect(text.toLowerCase()).not.toContain('lucia@example.com');
    for (const gone of [
      'Lucía',
      'Martín',
      '+34 600 000 000',
      'Nueces',
      'Calle Mayor',
      '12345678Z',
      'llega tarde',
    ])
      expect(text, text.slice(Math.max(0, text.indexOf(gone) - 300), text.indexOf(gone) + 100)).not.toContain(
        gone,
      );
    expect(text).toContain('Persona eliminada');
    // One pseudonym for the person, the same in every kind; never deliverable.
    const pseudonyms = new Set(text.match(/erased-[a-z0-9]+@erased\.invalid/g));
    expect(pseudonyms.size).toBe(1);
    // Marta, who got her ticket, stays named in the transfer.
    expect(text).toContain('marta@example.com');
    expect(text).toContain('Marta Soler');
    // Pablo, in the same order, keeps his ticket, name and answer.
    expect(text).toContain('pablo@example.com');
    expect(text).toContain('Ninguna');
    // The waiting-list entry left the list; the e-mails not sent are given up, not sent to the pseudonym.
    const [entry] = rowsOf<{ state: string }>(
      await t.app.deps.db.execute(sql`select state from waitlist_entries where account_id = ${w.account.id}`),
    );
    expect(entry?.state).toBe('LEFT');
    const pending = rowsOf(
      await t.app.deps.db.execute(sql`
        select id from jobs where payload ->> 'account_id' = ${w.account.id} and payload ->> 'to' like 'erased-%'
          and completed_at is null and failed_at is null`),
    );
    expect(pending).toEqual([]);
    // The invoice is exactly as issued; the other account is untouched.
    expect(await invoicesOf(w.account.id)).toEqual(invoicesBefore);
    expect(JSON.stringify(invoicesBefore)).toContain('Lucía Martín');
    expect(await accountText(other.account.id)).toBe(otherBefore);
    // The order still adds up and opens as before.
    const order = rowsOf<{ total_cents: number; status: string }>(
      await t.app.deps.db.execute(sql`select total_cents, status from orders where short_id = ${short}`),
    );
    expect(order).toEqual([{ total_cents: 5000, status: 'COMPLETED' }]);

    // The account's audit trail has the export and the erasure, naming the person only by reference.
    const trail = await t.app.inject({
      method: 'GET',
      url: '/api/audit-log?per_page=100',
      headers: w.headers,
    });
    expect(trail.statusCode, trail.body).toBe(200);
    const actions = trail.json().data.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['personal_data.exported', 'personal_data.erased']));
    expect(trail.body.toLowerCase()).not.toContain('lucia@example.com');

    const again = await post(w, 'erase', { email: PERSON, confirm_email: PERSON });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.erased).toBe(0);
    expect(await accountText(w.account.id)).toBe(text);
    const lookup = await post(w, 'lookup', { email: PERSON });
    expect(lookup.json().data.total).toBe(0);

    const log = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/me/privacy/requests?filter_fields[kind][eq]=ERASE',
      headers: w.headers,
    });
    const erasures = log.json().data;
    expect(erasures).toHaveLength(2);
    expect(erasures[0].person_ref).toBe(erasures[1].person_ref);
    expect(erasures[1].user_name).toBe('Ana García');
  });
});

/** A second event of the same account, with its own ticket and questions. */
async function anotherEvent(w: World): Promise<World> {
  const event = one(
    await t.app.deps.db
      .insert(events)
      .values({ ...w.event, id: undefined, slug: 'otra-fecha', created_at: undefined, updated_at: undefined })
      .returning(),
  );
  const ticket = await addTicket(t.app, event);
  const phone = await addQuestion(t.app, event, { title: 'Teléfono', belongs_to: 'ORDER', type: 'PHONE' });
  const diet = await addQuestion(t.app, event, { title: 'Alergias', belongs_to: 'ATTENDEE' });
  return { ...w, event, ticket, phone, diet };
}

/** The repeating job's occurrence made due, and the queue run as a worker would. */
async function runRetention() {
  await t.app.deps.db.execute(
    sql`update jobs set run_at = now() where kind = 'privacy.retention' and completed_at is null`,
  );
  await t.app.deps.jobs.drain();
}

describe('privacy: retention', () => {
  const setEnded = (app: App, eventId: string, daysAgo: number) =>
    app.deps.db.execute(sql`
      update events set start_date = now() - make_interval(days => ${daysAgo + 1}),
        end_date = now() - make_interval(days => ${daysAgo}) where id = ${eventId}`);

  it('takes a retention between 30 and 3650 days or none, refusing anything else translated', async () => {
    const w = await createSellingEvent(t.app);
    const url = '/api/accounts/me/privacy/settings';
    const read = await t.app.inject({ method: 'GET', url, headers: w.headers });
    expect(read.json().data).toEqual({
      personal_data_retention_days: null,
      retention_days_min: 30,
      retention_days_max: 3650,
    });
    for (const bad of [29, 3651, 45.5, '90', -1]) {
      const res = await t.app.inject({
        method: 'PUT',
        url,
        headers: { ...w.headers, 'accept-language': 'en' },
        payload: { personal_data_retention_days: bad },
      });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json().error.fields.personal_data_retention_days).toBe(
        'Enter a whole number of days between 30 and 3650, or leave it empty to keep the data.',
      );
    }
    const set = await t.app.inject({
      method: 'PUT',
      url,
      headers: w.headers,
      payload: { personal_data_retention_days: 90 },
    });
    expect(set.json().data.personal_data_retention_days).toBe(90);
    const unset = await t.app.inject({
      method: 'PUT',
      url,
      headers: w.headers,
      payload: { personal_data_retention_days: null },
    });
    expect(unset.json().data.personal_data_retention_days).toBeNull();
  });

  it('the daily job pseudonymises the buyers of events ended longer ago than the retention, and only those', async () => {
    const old = await sellingWorld(t.app);
    await buy(t.app, old);
    await holdTheRest(t.app, old);
    // A second, recent event of the same account, bought by the same person.
    const recent = await anotherEvent(old);
    const recentShort = await buy(t.app, recent);
    await setEnded(t.app, old.event.id, 40);
    await setEnded(t.app, recent.event.id, 10);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/me/privacy/settings',
      headers: old.headers,
      payload: { personal_data_retention_days: 30 },
    });
    expect(put.statusCode, put.body).toBe(200);

    // The job is registered as a daily repeating singleton; run its handler as the queue would.
    const [scheduled] = rowsOf<{ run_at: Date }>(
      await t.app.deps.db.execute(sql`
        select run_at from jobs where kind = 'privacy.retention' and completed_at is null and failed_at is null`),
    );
    expect(scheduled).toBeDefined();
    await runRetention();
    const [next] = rowsOf<{ hours: number }>(
      await t.app.deps.db.execute(sql`
        select extract(epoch from run_at - now()) / 3600 as hours from jobs
        where kind = 'privacy.retention' and completed_at is null and failed_at is null`),
    );
    expect(Number(next?.hours)).toBeGreaterThan(23);

    const held = rowsOf<{ event_id: string; email: string; first_name: string; answers: string }>(
      await t.app.deps.db.execute(sql`
        select event_id, email, first_name, answers::text as answers from attendees where account_id = ${old.account.id}`),
    );
    const oldRows = held.filter((r) => r.event_id === old.event.id);
    expect(oldRows).toHaveLength(2);
    for (const r of oldRows) {
      expect(r.email).toMatch(/^erased-[a-z0-9]+@erased\.invalid$/);
      expect(r.first_name).toBe('Persona eliminada');
      expect(r.answers).toBe('{}');
    }
    // A different pseudonym per row: a sweep does not link people.
    expect(new Set(oldRows.map((r) => r.email)).size).toBe(2);
    const recentRows = held.filter((r) => r.event_id === recent.event.id);
    expect(recentRows.map((r) => r.email).sort()).toEqual([PERSON, OTHER]);
    const [recentOrder] = rowsOf<{ email: string }>(
      await t.app.deps.db.execute(sql`select email from orders where short_id = ${recentShort}`),
    );
    expect(recentOrder?.email).toBe(PERSON);
    const waitlist = rowsOf<{ email: string }>(
      await t.app.deps.db.execute(sql`select email from waitlist_entries where event_id = ${old.event.id}`),
    );
    expect(at(waitlist, 0).email).toMatch(/@erased\.invalid$/);
    expect((await invoicesOf(old.account.id)).length).toBe(2);

    const log = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/me/privacy/requests',
      headers: old.headers,
    });
    const [sweep] = log.json().data;
    expect(sweep).toMatchObject({ kind: 'RETENTION', person_ref: null, user_name: null });
    expect(sweep.counts.attendees.erased).toBe(2);

    // Run again: nothing left to do, nothing logged.
    await runRetention();
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/me/privacy/requests',
      headers: old.headers,
    });
    expect(after.json().meta.total).toBe(log.json().meta.total);
  });
});

describe('privacy: who may', () => {
  it('an admin limited to some organizers is refused', async () => {
    const w = await createSellingEvent(t.app);
    await t.app.deps.db.execute(
      sql`update account_users set organizer_ids = array[${w.organizer.id}]::uuid[] where account_id = ${w.account.id}`,
    );
    const res = await post(w, 'lookup', { email: PERSON });
    expect(res.statusCode).toBe(403);
  });
});
