import type { MessageAudience } from '@taquilla/shared/schemas/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { attendees, messages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser, createAccountWithUser } from '../../test/factories/accounts.ts';
import { type SentMail, takeMail } from '../../test/factories/auth.ts';
import { addEventDate, addTicket, createSellingEvent } from '../../test/factories/checkout.ts';
import { buyOrder } from './messages.test-fixtures.ts';

/**
 * Messages over HTTP on a real database (PGlite, or PostgreSQL with DATABASE_URL); e-mails are read from
 * DATA_DIR/mail after the job queue ran. Fixtures: two tickets, overlapping holders, an address written
 * in two cases, an order in English, one awaiting an offline payment, one never paid, a cancelled attendee.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;

async function fixtures() {
  const owner = await createSellingEvent(t.app, {
    settings: {
      offline_payment_instructions: 'Transferencia bancaria',
      support_email: 'ayuda@apolo.example',
    },
  });
  const { event } = owner;
  const general = await addTicket(t.app, event, { name: 'General' });
  const vip = await addTicket(t.app, event, { name: 'VIP' });
  await buyOrder(t.app, event.id, { first_name: 'Lucía', email: 'lucia@example.com' }, [
    { ticket: general, first_name: 'Lucía', email: 'lucia@example.com' },
    { ticket: general, first_name: 'Pedro', email: 'pedro@example.com' },
    { ticket: vip, first_name: 'Lucía', email: 'LUCIA@example.com' },
  ]);
  await buyOrder(t.app, event.id, { first_name: 'John', email: 'john@example.com', lang: 'en' }, [
    { ticket: vip, first_name: 'John', email: 'john@example.com' },
    { ticket: general, first_name: 'Mary', email: 'mary@example.com' },
  ]);
  await buyOrder(
    t.app,
    event.id,
    { first_name: 'Olga', email: 'olga@example.com' },
    [{ ticket: general, first_name: 'Olga', email: 'olga@example.com' }],
    { provider: 'offline' },
  );
  await buyOrder(
    t.app,
    event.id,
    { first_name: 'Nadie', email: 'ghost@example.com' },
    [{ ticket: general, first_name: 'Nadie', email: 'ghost@example.com' }],
    { reserveOnly: true },
  );
  const people = await t.app.deps.db.select().from(attendees).where(eq(attendees.event_id, event.id));
  const idOf = (name: string) => people.find((p) => p.first_name === name)?.id as string;
  // Pedro's ticket was cancelled (the after-sale flow does this; here it is the fixture).
  await t.app.deps.db
    .update(attendees)
    .set({ status: 'CANCELLED' })
    .where(eq(attendees.id, idOf('Pedro')));
  await takeMail(t.app); // the order e-mails
  return { ...owner, general, vip, mary: idOf('Mary'), pedro: idOf('Pedro') };
}

beforeAll(async () => {
  t = await createTestApp();
  fx = await fixtures();
});
afterAll(async () => t?.close());

const url = (path = '') => `/api/events/${fx.event.id}/messages${path}`;
const compose = (over: Record<string, unknown> = {}) => ({
  subject: 'Las puertas abren una hora más tarde',
  body: '<p>Abrimos a las <strong>21:00</strong>.</p>',
  audience: { type: 'ALL_ATTENDEES' },
  acknowledged: true,
  ...over,
});
const send = (body: Record<string, unknown>, headers = fx.headers) =>
  t.app.inject({ method: 'POST', url: url(), headers, payload: body });
const recipientsOf = (mails: SentMail[]) => mails.map((m) => m.to).sort();

describe('audience', () => {
  const cases: [string, MessageAudience, string[]][] = [
    ['all attendees', { type: 'ALL_ATTENDEES' }, ['john', 'lucia', 'mary', 'olga']],
    [
      'attendees of completed orders',
      { type: 'ALL_ATTENDEES', order_statuses: ['COMPLETED'] },
      ['john', 'lucia', 'mary'],
    ],
    ['holders of VIP', { type: 'TICKET_HOLDERS', ticket_ids: ['vip'] }, ['john', 'lucia']],
    ['holders of General', { type: 'TICKET_HOLDERS', ticket_ids: ['general'] }, ['lucia', 'mary', 'olga']],
    ['chosen attendees', { type: 'INDIVIDUAL_ATTENDEES', attendee_ids: ['mary', 'pedro'] }, ['mary']],
    ['order owners', { type: 'ORDER_OWNERS' }, ['john', 'lucia', 'olga']],
    ['owners of orders with VIP', { type: 'TICKET_ORDER_OWNERS', ticket_ids: ['vip'] }, ['john', 'lucia']],
    [
      'owners of General orders awaiting payment',
      { type: 'TICKET_ORDER_OWNERS', ticket_ids: ['general'], order_statuses: ['AWAITING_OFFLINE_PAYMENT'] },
      ['olga'],
    ],
  ];
  const resolve = (a: MessageAudience): MessageAudience => {
    const ids: Record<string, string> = {
      vip: fx.vip.id,
      general: fx.general.id,
      mary: fx.mary,
      pedro: fx.pedro,
    };
    return {
      ...a,
      ...(a.ticket_ids ? { ticket_ids: a.ticket_ids.map((k) => ids[k] as string) } : {}),
      ...(a.attendee_ids ? { attendee_ids: a.attendee_ids.map((k) => ids[k] as string) } : {}),
    };
  };

  it.each(cases)(
    '%s: the count and the e-mails reach exactly the right people, once each',
    async (_, a, who) => {
      const audience = resolve(a);
      const count = await t.app.inject({
        method: 'POST',
        url: url('/audience'),
        headers: fx.headers,
        payload: { audience },
      });
      expect(count.statusCode).toBe(200);
      expect(count.json().data.recipients_count).toBe(who.length);

      const res = await send(compose({ audience }));
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ status: 'SCHEDULED', recipients_count: who.length });
      const mails = await takeMail(t.app);
      expect(recipientsOf(mails)).toEqual(who.map((w) => `${w}@example.com`));
      const detail = await t.app.inject({
        method: 'GET',
        url: url(`/${res.json().data.id}`),
        headers: fx.headers,
      });
      expect(detail.json().data).toMatchObject({
        status: 'SENT',
        recipients_count: who.length,
        sent_count: who.length,
        failed_count: 0,
      });
    },
  );

  it('names only tickets of this event', async () => {
    const other = await createSellingEvent(t.app);
    const foreign = await addTicket(t.app, other.event, {});
    const res = await send(compose({ audience: { type: 'TICKET_HOLDERS', ticket_ids: [foreign.id] } }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields['audience.ticket_ids']).toBe(
      'Alguna de las entradas elegidas no es de este evento.',
    );
    const missing = await send(compose({ audience: { type: 'TICKET_HOLDERS' } }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.fields['audience.ticket_ids']).toBe('Elige al menos una entrada.');
  });
});

describe("one date's audience (#27)", () => {
  it("reaches only the buyers and attendees of that date, and names only this event's dates", async () => {
    const owner = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, owner.event, { name: 'General' });
    const first = await addEventDate(t.app, owner.event, { inDays: 10 });
    const second = await addEventDate(t.app, owner.event, { inDays: 11 });
    const buy = (name: string, dateId: string) =>
      buyOrder(
        t.app,
        owner.event.id,
        { first_name: name, email: `${name}@example.com` },
        [
          { ticket, first_name: name, email: `${name}@example.com` },
          { ticket, first_name: 'Amigo', email: `amigo.${name}@example.com` },
        ],
        { eventDateId: dateId },
      );
    await buy('ana', first.id);
    await buy('bea', second.id);
    await takeMail(t.app);
    const path = `/api/events/${owner.event.id}/messages`;
    const post = (suffix: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `${path}${suffix}`, headers: owner.headers, payload });
    const counted = async (audience: MessageAudience) =>
      (await post('/audience', { audience })).json().data.recipients_count;

    expect(await counted({ type: 'ALL_ATTENDEES' })).toBe(4);
    expect(await counted({ type: 'ALL_ATTENDEES', event_date_id: first.id })).toBe(2);
    expect(await counted({ type: 'ORDER_OWNERS', event_date_id: second.id })).toBe(1);
    const sent = await post('', compose({ audience: { type: 'ALL_ATTENDEES', event_date_id: second.id } }));
    expect(sent.statusCode, sent.body).toBe(201);
    expect(recipientsOf(await takeMail(t.app))).toEqual(['amigo.bea@example.com', 'bea@example.com']);

    const elsewhere = await addEventDate(t.app, fx.event, { inDays: 12 });
    for (const id of [elsewhere.id, '00000000-0000-4000-8000-000000000000']) {
      const refused = await post('/audience', { audience: { type: 'ALL_ATTENDEES', event_date_id: id } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.fields['audience.event_date_id']).toBe(
        'La fecha elegida no es de este evento.',
      );
    }
  });
});

describe('the e-mail', () => {
  it('is in the language of the recipient’s order, names the event and organizer, replies go to support', async () => {
    const res = await send(compose({ audience: { type: 'TICKET_HOLDERS', ticket_ids: [fx.vip.id] } }));
    expect(res.statusCode).toBe(201);
    const mails = await takeMail(t.app);
    const john = mails.find((m) => m.to === 'john@example.com');
    const lucia = mails.find((m) => m.to === 'lucia@example.com');
    expect(john?.text).toContain('Sala Apolo is writing to you about “Concierto de Otoño”.');
    expect(john?.text).toContain('Hello John,');
    expect(lucia?.text).toContain('Sala Apolo te escribe sobre «Concierto de Otoño».');
    expect(lucia?.text).toContain('Hola, Lucía:');
    expect(lucia?.subject).toBe('Las puertas abren una hora más tarde');
    expect(lucia?.text).toMatch(/^Reply-To: ayuda@apolo\.example$/m);
    expect(lucia?.text).toMatch(/Message-ID: <m-[0-9a-f-]+-\d+@taquilla>$/m);
  });

  it('is sanitized: a script or a javascript: link in the body never reaches the e-mail', async () => {
    const body =
      '<p>Hola</p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">mal</a> <a href="https://apolo.example/horarios">horarios</a>';
    const res = await send(
      compose({ body, audience: { type: 'INDIVIDUAL_ATTENDEES', attendee_ids: [fx.mary] } }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.body).not.toMatch(/script|onerror|javascript:/);
    const [mail] = await takeMail(t.app);
    expect(mail?.text).toContain('https://apolo.example/horarios');
    expect(mail?.text).not.toMatch(/<script|alert\(|javascript:|onerror/);
  });

  it('a test copy goes to the caller only and is not recorded', async () => {
    const before = (await t.app.inject({ method: 'GET', url: url(), headers: fx.headers })).json().meta.total;
    const res = await send(compose({ is_test: true }));
    expect(res.statusCode).toBe(202);
    expect(res.json().data).toEqual({ is_test: true, sent_to: fx.user.email });
    const mails = await takeMail(t.app);
    expect(recipientsOf(mails)).toEqual([fx.user.email]);
    expect(mails[0]?.subject).toBe('[Prueba] Las puertas abren una hora más tarde');
    const after = (await t.app.inject({ method: 'GET', url: url(), headers: fx.headers })).json().meta.total;
    expect(after).toBe(before);
  });
});

describe('scheduling', () => {
  it('fires at the set time, not before', async () => {
    const sendAt = new Date(Date.now() + 1500);
    const res = await send(
      compose({
        send_at: sendAt.toISOString(),
        audience: { type: 'INDIVIDUAL_ATTENDEES', attendee_ids: [fx.mary] },
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'SCHEDULED', send_at: sendAt.toISOString() });
    expect(await takeMail(t.app)).toHaveLength(0);
    await new Promise((r) => setTimeout(r, sendAt.getTime() - Date.now() + 100));
    const mails = await takeMail(t.app);
    expect(recipientsOf(mails)).toEqual(['mary@example.com']);
    const detail = await t.app.inject({
      method: 'GET',
      url: url(`/${res.json().data.id}`),
      headers: fx.headers,
    });
    expect(detail.json().data.status).toBe('SENT');
    expect(new Date(detail.json().data.sent_at).getTime()).toBeGreaterThanOrEqual(sendAt.getTime());
  });

  it('a cancelled scheduled message sends nothing, even when its time comes', async () => {
    const res = await send(compose({ send_at: new Date(Date.now() + 3600_000).toISOString() }));
    const id = res.json().data.id as string;
    const cancel = await t.app.inject({ method: 'POST', url: url(`/${id}/cancel`), headers: fx.headers });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data.status).toBe('CANCELLED');
    // Its time comes: the start job is made due now.
    await t.app.deps.db.execute(sql`update jobs set run_at = now() where completed_at is null`);
    expect(await takeMail(t.app)).toHaveLength(0);
    const again = await t.app.inject({ method: 'POST', url: url(`/${id}/cancel`), headers: fx.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'Solo se puede cancelar un mensaje programado que aún no se ha enviado.',
    );
  });
});

describe('rules', () => {
  it('the non-promotional acknowledgement is required (422, nothing recorded or sent)', async () => {
    const before = await t.app.deps.db.select().from(messages);
    for (const acknowledged of [false, undefined]) {
      const res = await send(compose({ acknowledged }));
      expect(res.statusCode).toBe(422);
      expect(res.json().error.fields.acknowledged).toBe(
        'Confirma que el mensaje no es promocional: el formulario de mensajes no puede usarse para publicidad.',
      );
    }
    const en = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: { ...fx.headers, 'accept-language': 'en' },
      payload: compose({ acknowledged: false }),
    });
    expect(en.json().error.fields.acknowledged).toMatch(/^Confirm that the message is not promotional/);
    expect(await t.app.deps.db.select().from(messages)).toHaveLength(before.length);
    expect(await takeMail(t.app)).toHaveLength(0);
  });

  it('a test copy to oneself needs no acknowledgement (it reaches no buyer)', async () => {
    const res = await send(compose({ is_test: true, acknowledged: undefined }));
    expect(res.statusCode).toBe(202);
    expect(res.json().data).toEqual({ is_test: true, sent_to: fx.user.email });
    const mail = await takeMail(t.app);
    expect(recipientsOf(mail)).toEqual([fx.user.email]);
  });

  it('validates subject, body and audience with translated messages', async () => {
    const res = await send(compose({ subject: ' ', body: '', audience: { type: 'NOPE' } }));
    expect(res.statusCode).toBe(422);
    const fields = res.json().error.fields;
    expect(fields.subject).toBe('Escribe el asunto del mensaje.');
    expect(fields.body).toBe('Escribe el mensaje.');
    expect(fields['audience.type']).toBeTruthy();
    const onlyScript = await send(compose({ body: '<script>alert(1)</script>' }));
    expect(onlyScript.statusCode).toBe(422);
    expect(onlyScript.json().error.fields.body).toBe('Escribe el mensaje.');
  });

  it('an organizer-role user may send; the history shows author, state and counts', async () => {
    const organizer = await addUser(t.app, fx.account.id, { role: 'ORGANIZER' });
    const res = await send(compose({ subject: 'Cambio de sala' }), organizer.headers);
    expect(res.statusCode).toBe(201);
    await takeMail(t.app);
    const list = await t.app.inject({
      method: 'GET',
      url: url('?query=sala&sort_by=created_at&sort_direction=desc'),
      headers: fx.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toMatchObject({ total: 1, current_page: 1 });
    expect(list.json().data[0]).toMatchObject({
      subject: 'Cambio de sala',
      status: 'SENT',
      author: { first_name: 'Ana', last_name: 'García' },
      recipients_count: 4,
      sent_count: 4,
      failed_count: 0,
      audience: { type: 'ALL_ATTENDEES' },
    });
    const bad = await t.app.inject({ method: 'GET', url: url('?sort_by=nope'), headers: fx.headers });
    expect(bad.statusCode).toBe(422);
  });

  it('another account gets 404 everywhere and changes nothing', async () => {
    const scheduled = await send(compose({ send_at: new Date(Date.now() + 3600_000).toISOString() }));
    const id = scheduled.json().data.id as string;
    const stranger = await createAccountWithUser(t.app);
    const h = stranger.headers;
    const calls = [
      t.app.inject({ method: 'GET', url: url(), headers: h }),
      t.app.inject({ method: 'GET', url: url(`/${id}`), headers: h }),
      t.app.inject({ method: 'POST', url: url(`/${id}/cancel`), headers: h }),
      t.app.inject({ method: 'POST', url: url(), headers: h, payload: compose() }),
      t.app.inject({
        method: 'POST',
        url: url('/audience'),
        headers: h,
        payload: { audience: { type: 'ALL_ATTENDEES' } },
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    const [row] = await t.app.deps.db.select().from(messages).where(eq(messages.id, id));
    expect(row?.status).toBe('SCHEDULED');
    const jobs = rowsOf<{ n: number }>(
      await t.app.deps.db.execute(
        sql`select count(*)::int as n from jobs where kind = 'messages.start' and completed_at is null`,
      ),
    );
    expect(jobs[0]?.n).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: url(), headers: {} })).statusCode).toBe(401);
  });
});
