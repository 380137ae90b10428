import { formatDateTime } from '@taquilla/shared/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees, checkIns, events } from '../../db/schema/index.ts';
import { at } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTicket, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';

let t: TestApp;
beforeAll(async () => {
  // A small request budget, so the rate-limit test does not send 600 requests.
  t = await createTestApp({ listen: true, env: { DOOR_REQUESTS_PER_MINUTE: '40' } });
});
afterAll(() => t.close());

const door = (shortId: string, path = '') => `/api/public/check-in-lists/${shortId}${path}`;
let scans = 0;
/** One online scan: a batch of one, as the door sends it when it has network. */
const checkIn = async (shortId: string, code: string, lang = 'es') => {
  const res = await t.app.inject({
    method: 'POST',
    url: door(shortId, '/check-ins'),
    headers: { 'accept-language': lang },
    payload: {
      check_ins: [{ client_id: `scan-${++scans}-test`, code, scanned_at: new Date().toISOString() }],
    },
  });
  return { res, statusCode: res.statusCode, answer: res.statusCode === 200 ? res.json().data[0] : null };
};

/** A LIVE event with two tickets, a door list, and bought attendees (Lucía ×2 general, Marco ×1 VIP). */
async function doorSetup(list: Record<string, unknown> = {}) {
  const s = await createSellingEvent(t.app);
  const general = await addTicket(t.app, s.event);
  const vip = await addTicket(t.app, s.event, { name: 'VIP' });
  await buyWithTestCard(t.app, s.event, general, {
    quantity: 2,
    attendees: [
      { first_name: 'Lucía', last_name: 'Martín', email: 'lucia@example.com' },
      { first_name: 'Pablo', last_name: 'Ruiz', email: 'pablo@example.com' },
    ],
  });
  await buyWithTestCard(t.app, s.event, vip, {
    attendees: [{ first_name: 'Marco', last_name: 'Vidal', email: 'marco@example.com' }],
  });
  const made = await t.app.inject({
    method: 'POST',
    url: `/api/events/${s.event.id}/check-in-lists`,
    headers: s.headers,
    payload: { name: 'Puerta general', ticket_ids: [general.id], ...list },
  });
  expect(made.statusCode).toBe(201);
  const people = await t.app.deps.db.select().from(attendees).where(eq(attendees.event_id, s.event.id));
  const person = (first: string) => people.find((p) => p.first_name === first) as (typeof people)[number];
  return {
    ...s,
    general,
    vip,
    list: made.json().data,
    lucia: person('Lucía'),
    pablo: person('Pablo'),
    marco: person('Marco'),
  };
}

describe('check-in door (public)', () => {
  it('shows the list, searches attendees, checks in, refuses a second time and undoes', async () => {
    const d = await doorSetup();
    const info = await t.app.inject({ url: door(d.list.short_id) });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({
      name: 'Puerta general',
      event: { name: 'Concierto de Otoño', timezone: 'Europe/Madrid' },
      attendees_count: 2,
      checked_in_count: 0,
    });

    const search = async (query: string) =>
      (
        await t.app.inject({ url: door(d.list.short_id, `/attendees?query=${encodeURIComponent(query)}`) })
      ).json().data as { short_id: string; first_name: string; checked_in_at: string | null }[];
    expect((await search('')).map((a) => a.first_name)).toEqual(['Lucía', 'Pablo']); // VIP is not covered
    expect((await search('lucía mar')).map((a) => a.first_name)).toEqual(['Lucía']);
    expect((await search(' PABLO@example.com ')).map((a) => a.first_name)).toEqual(['Pablo']);
    // The door shows e-mails masked (l•••@example.com): a part of one finds nothing, so it cannot be
    // recovered letter by letter.
    for (const part of ['PABLO@example', 'ucia@example.com', 'lucia@', '@example.com', 'example']) {
      expect(await search(part), part).toEqual([]);
    }
    expect((await search(d.lucia.short_id)).map((a) => a.first_name)).toEqual(['Lucía']);
    expect(await search('Marco')).toEqual([]);

    // By the QR secret.
    const first = (await checkIn(d.list.short_id, d.lucia.qr_secret)).answer;
    expect(first).toMatchObject({
      verdict: 'ADMITTED',
      message: 'Lucía Martín: entrada registrada.',
      attendee: { short_id: d.lucia.short_id, ticket_name: 'Entrada general', email: 'l•••@example.com' },
    });
    expect(first.checked_in_at).toBeTruthy();
    expect(at(await search('lucía'), 0).checked_in_at).toBe(first.checked_in_at);
    expect((await t.app.inject({ url: door(d.list.short_id) })).json().data.checked_in_count).toBe(1);

    // Again, now by the attendee short id: refused, naming the time in the event's time zone.
    const again = (await checkIn(d.list.short_id, d.lucia.short_id, 'en')).answer;
    expect(again).toMatchObject({ verdict: 'ALREADY_CHECKED_IN', checked_in_at: first.checked_in_at });
    const local = new Intl.DateTimeFormat('es-ES', {
      timeZone: 'Europe/Madrid',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(first.checked_in_at));
    expect(again.message).toMatch(new RegExp(`^Lucía Martín already checked in on .* at ${local}\\.$`));
    expect((await checkIn(d.list.short_id, d.lucia.short_id)).answer.message).toContain('ya registró');

    const undo = await t.app.inject({
      method: 'DELETE',
      url: door(d.list.short_id, `/check-ins/${d.lucia.short_id}`),
    });
    expect(undo.statusCode).toBe(200);
    expect(undo.json().data.checked_in_at).toBeNull();
    expect((await t.app.inject({ url: door(d.list.short_id) })).json().data.checked_in_count).toBe(0);
    const undoAgain = await t.app.inject({
      method: 'DELETE',
      url: door(d.list.short_id, `/check-ins/${d.lucia.short_id}`),
    });
    expect(undoAgain.statusCode).toBe(404);
    expect((await checkIn(d.list.short_id, d.lucia.short_id)).answer.verdict).toBe('ADMITTED');
  });

  it('refuses unknown, cancelled, unpaid and other-ticket codes with clear messages', async () => {
    const d = await doorSetup();
    const unknown = (await checkIn(d.list.short_id, 'a_nadie', 'en')).answer;
    expect(unknown).toMatchObject({ verdict: 'NOT_FOUND', attendee: null });
    expect(unknown.message).toBe('No ticket of this event has that code.');
    const otherTicket = (await checkIn(d.list.short_id, d.marco.short_id)).answer;
    expect(otherTicket).toMatchObject({ verdict: 'NOT_COVERED', attendee: { first_name: 'Marco' } });
    expect(otherTicket.message).toBe('Esta lista no admite la entrada «VIP».');
    await t.app.deps.db.update(attendees).set({ status: 'CANCELLED' }).where(eq(attendees.id, d.lucia.id));
    await t.app.deps.db
      .update(attendees)
      .set({ status: 'AWAITING_PAYMENT' })
      .where(eq(attendees.id, d.pablo.id));
    const cancelled = (await checkIn(d.list.short_id, d.lucia.qr_secret, 'en')).answer;
    expect(cancelled.verdict).toBe('CANCELLED');
    expect(cancelled.message).toContain('cancelled');
    const unpaid = (await checkIn(d.list.short_id, d.pablo.short_id, 'en')).answer;
    expect(unpaid.verdict).toBe('AWAITING_PAYMENT');
    expect(unpaid.message).toContain('not paid');
    // An attendee of another event is unknown here.
    const other = await doorSetup();
    expect((await checkIn(d.list.short_id, other.lucia.short_id)).answer.verdict).toBe('NOT_FOUND');
    const empty = await checkIn(d.list.short_id, '  ');
    expect(empty.statusCode).toBe(422);
    expect(empty.res.json().error.fields['check_ins.0.code']).toBe('Indica el código de la entrada.');
    expect(await t.app.deps.db.select().from(checkIns).where(eq(checkIns.event_id, d.event.id))).toEqual([]);
  });

  it('answers 404 "expired, not active or not found" outside the window or when the event is not LIVE; "opens on …" before it', async () => {
    const hour = 3600 * 1000;
    const later = await doorSetup({ activates_at: new Date(Date.now() + hour).toISOString() });
    const expired = await doorSetup({
      activates_at: new Date(Date.now() - 2 * hour).toISOString(),
      expires_at: new Date(Date.now() - hour).toISOString(),
    });
    const open = await doorSetup({
      activates_at: new Date(Date.now() - hour).toISOString(),
      expires_at: new Date(Date.now() + hour).toISOString(),
    });
    expect((await t.app.inject({ url: door(open.list.short_id) })).statusCode).toBe(200);
    // A list that opens later says when, in the event's time zone and the door's language.
    const opens = new Date(later.list.activates_at);
    for (const [lang, locale, sentence] of [
      ['en', 'en', (w: string) => `This check-in list opens on ${w} (Europe/Madrid time).`],
      ['es', 'es', (w: string) => `Esta lista de control de acceso se abre el ${w} (hora de Europe/Madrid).`],
      [
        'ca',
        'ca',
        (w: string) => `Aquesta llista de control d’accés s’obre el ${w} (hora de Europe/Madrid).`,
      ],
    ] as const) {
      for (const path of ['', '/snapshot', '/attendees']) {
        const res = await t.app.inject({
          url: door(later.list.short_id, path),
          headers: { 'accept-language': lang },
        });
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toEqual({
          code: 'CHECK_IN_LIST_NOT_OPEN',
          message: sentence(formatDateTime(opens, 'Europe/Madrid', locale)),
        });
      }
    }
    expect(formatDateTime(opens, 'Europe/Madrid', 'en')).not.toBe(formatDateTime(opens, 'UTC', 'en'));
    for (const shortId of [expired.list.short_id, 'c_noexiste']) {
      for (const [method, path] of [
        ['GET', ''],
        ['GET', '/attendees'],
        ['DELETE', `/check-ins/${expired.lucia.short_id}`],
      ] as const) {
        const res = await t.app.inject({
          method,
          url: door(shortId, path),
          headers: { 'accept-language': 'en' },
        });
        expect(res.statusCode, `${method} ${shortId}${path}`).toBe(404);
        expect(res.json().error.message).toBe('Check-in list expired, not active or not found.');
      }
      const post = await checkIn(shortId, expired.lucia.short_id);
      expect(post.res.json().error.message).toBe(
        'La lista de control de acceso ha caducado, no está activa o no existe.',
      );
    }
    await t.app.deps.db.update(events).set({ status: 'DRAFT' }).where(eq(events.id, open.event.id));
    expect((await t.app.inject({ url: door(open.list.short_id) })).statusCode).toBe(404);
    expect((await checkIn(open.list.short_id, open.lucia.short_id)).statusCode).toBe(404);
  });

  it('two doors scanning the same ticket at once: exactly one check-in', async () => {
    const d = await doorSetup();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        fetch(`${t.url}${door(d.list.short_id, '/check-ins')}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            check_ins: [
              { client_id: `door-${i}-same`, code: d.lucia.qr_secret, scanned_at: new Date().toISOString() },
            ],
          }),
        }).then(async (r) => ((await r.json()) as { data: { verdict: string }[] }).data[0]?.verdict),
      ),
    );
    expect(results.filter((s) => s === 'ADMITTED')).toHaveLength(1);
    expect(results.filter((s) => s === 'ALREADY_CHECKED_IN')).toHaveLength(7);
    const rows = await t.app.deps.db.select().from(checkIns).where(eq(checkIns.attendee_id, d.lucia.id));
    expect(rows).toHaveLength(1);
  });

  it('slows down a device that sends codes too fast to one list', async () => {
    const d = await doorSetup();
    const limit = t.app.deps.config.doorRequestsPerMinute;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++)
      statuses.push((await checkIn(d.list.short_id, `a_adivina${i}`, 'en')).statusCode);
    expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(statuses[limit]).toBe(429);
    const limited = await checkIn(d.list.short_id, d.lucia.short_id, 'en');
    expect(limited.statusCode).toBe(429);
    expect(limited.res.json().error.message).toBe('Too many attempts in a row. Wait a moment and try again.');
    // Searching is not limited, and another list has its own budget.
    expect((await t.app.inject({ url: door(d.list.short_id, '/attendees') })).statusCode).toBe(200);
    const other = await doorSetup();
    expect((await checkIn(other.list.short_id, other.lucia.short_id)).answer.verdict).toBe('ADMITTED');
  });
});
