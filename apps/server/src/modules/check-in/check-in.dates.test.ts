import { formatDateTime } from '@taquilla/shared/dates';
import type { DoorCheckInResult } from '@taquilla/shared/schemas/check-in';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees, checkInLists, checkIns, events } from '../../db/schema/index.ts';
import { one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import {
  addEventDate,
  addTicket,
  buyWithTestCard,
  createSellingEvent,
} from '../../test/factories/checkout.ts';

/** Check-in lists of an event with dates (#27): a list bound to one date admits only that date's tickets. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lists = (eventId: string, path = '') => `/api/events/${eventId}/check-in-lists${path}`;
const door = (shortId: string, path = '') => `/api/public/check-in-lists/${shortId}${path}`;
const TZ = 'Europe/Madrid';
let scans = 0;

/** Two dates, Lucía bought for the first, Marco for the second; a list for the first and one for all. */
async function datedEvent() {
  const s = await createSellingEvent(t.app);
  const ticket = await addTicket(t.app, s.event);
  const first = await addEventDate(t.app, s.event, { inDays: 10 });
  const second = await addEventDate(t.app, s.event, { inDays: 11 });
  await buyWithTestCard(t.app, s.event, ticket, {
    eventDateId: first.id,
    attendees: [{ first_name: 'Lucía', last_name: 'Martín', email: 'lucia@example.com' }],
  });
  await buyWithTestCard(t.app, s.event, ticket, {
    eventDateId: second.id,
    attendees: [{ first_name: 'Marco', last_name: 'Vidal', email: 'marco@example.com' }],
  });
  const people = await t.app.deps.db.select().from(attendees).where(eq(attendees.event_id, s.event.id));
  const person = (name: string) => one(people.filter((p) => p.first_name === name));
  const create = async (payload: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: lists(s.event.id),
      headers: s.headers,
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const firstOnly = await create({ name: 'Primer día', event_date_id: first.id });
  const every = await create({ name: 'Todas' });
  return { ...s, ticket, first, second, firstOnly, every, lucia: person('Lucía'), marco: person('Marco') };
}

const scan = async (shortId: string, code: string, opts: { offline?: boolean; lang?: string } = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: door(shortId, '/check-ins'),
    headers: { 'accept-language': opts.lang ?? 'es' },
    payload: {
      check_ins: [
        {
          client_id: `dated-scan-${++scans}`,
          code,
          scanned_at: new Date().toISOString(),
          ...(opts.offline ? { offline: true } : {}),
        },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0] as DoorCheckInResult;
};

describe('check-in lists of an event with dates', () => {
  it('a list of one date shows its date, counts, finds and admits only that date; a list of all, both', async () => {
    const d = await datedEvent();
    expect(d.firstOnly.event_date).toEqual({
      id: d.first.id,
      starts_at: d.first.starts_at.toISOString(),
      ends_at: d.first.ends_at?.toISOString(),
      location: null,
    });
    expect(d.every.event_date).toBeNull();

    const listed = await t.app.inject({ url: lists(d.event.id), headers: d.headers });
    const byName = new Map(
      (
        listed.json().data as { name: string; event_date: { id: string } | null; attendees_count: number }[]
      ).map((l) => [l.name, l]),
    );
    expect(byName.get('Primer día')).toMatchObject({ event_date: { id: d.first.id }, attendees_count: 1 });
    expect(byName.get('Todas')).toMatchObject({ event_date: null, attendees_count: 2 });

    // The door: the list's date in its header, only Lucía in the search, each with the date of her ticket.
    const info = (await t.app.inject({ url: door(d.firstOnly.short_id) })).json().data;
    expect(info).toMatchObject({ event_date: { id: d.first.id }, attendees_count: 1 });
    const search = async (shortId: string, query: string) =>
      (await t.app.inject({ url: door(shortId, `/attendees?query=${encodeURIComponent(query)}`) })).json();
    const found = await search(d.firstOnly.short_id, '');
    expect(found.data.map((a: { first_name: string }) => a.first_name)).toEqual(['Lucía']);
    expect(found.data[0].event_date).toMatchObject({
      id: d.first.id,
      starts_at: d.first.starts_at.toISOString(),
    });
    expect((await search(d.firstOnly.short_id, 'Marco')).meta.total).toBe(0);
    expect((await search(d.every.short_id, 'Marco')).data[0].event_date).toMatchObject({ id: d.second.id });

    // Marco's ticket is for the second date: refused, saying both dates in the event's time zone.
    const refused = await scan(d.firstOnly.short_id, d.marco.qr_secret);
    const second = formatDateTime(d.second.starts_at, TZ, 'es');
    const first = formatDateTime(d.first.starts_at, TZ, 'es');
    expect(refused).toMatchObject({
      verdict: 'WRONG_DATE',
      attendee: { first_name: 'Marco', event_date: { id: d.second.id } },
      message: `Esta entrada es para el ${second}; esta lista es del ${first}.`,
    });
    const english = await scan(d.firstOnly.short_id, d.marco.short_id, { lang: 'en' });
    expect(english.message).toBe(
      `This ticket is for ${formatDateTime(d.second.starts_at, TZ, 'en')}; this list is for ${formatDateTime(d.first.starts_at, TZ, 'en')}.`,
    );
    const admitted = await scan(d.firstOnly.short_id, d.lucia.qr_secret);
    expect(admitted).toMatchObject({ verdict: 'ADMITTED', attendee: { event_date: { id: d.first.id } } });

    // The list of every date admits both; the back office's desk follows the same rule.
    expect((await scan(d.every.short_id, d.marco.qr_secret)).verdict).toBe('ADMITTED');
    const desk = await t.app.inject({
      method: 'POST',
      url: lists(d.event.id, `/${d.firstOnly.id}/check-ins`),
      headers: d.headers,
      payload: { attendee_id: d.marco.id },
    });
    expect(desk.json().data.verdict).toBe('WRONG_DATE');

    const marcoIn = await t.app.deps.db.select().from(checkIns).where(eq(checkIns.attendee_id, d.marco.id));
    expect(marcoIn.map((c) => c.check_in_list_id)).toEqual([d.every.id]);
    const stats = (
      await t.app.inject({ url: `/api/events/${d.event.id}/check_in_stats`, headers: d.headers })
    )
      .json()
      .data.lists.find((l: { id: string }) => l.id === d.firstOnly.id);
    expect(stats).toMatchObject({ attendees_count: 1, checked_in_count: 1 });
  });

  it('an offline scan of another date becomes a conflict; the sync rows say each date, nothing about others', async () => {
    const d = await datedEvent();
    const snap = (await t.app.inject({ url: door(d.firstOnly.short_id, '/snapshot') })).json().data as {
      short_id: string;
      first_name: string;
      email: string;
      event_date: { id: string } | null;
    }[];
    const row = (id: string) => snap.find((r) => r.short_id === id);
    expect(row(d.lucia.short_id)).toMatchObject({ first_name: 'Lucía', event_date: { id: d.first.id } });
    expect(row(d.marco.short_id)).toMatchObject({
      first_name: '',
      email: '',
      event_date: { id: d.second.id },
    });

    const offline = await scan(d.firstOnly.short_id, d.marco.qr_secret, { offline: true });
    expect(offline.verdict).toBe('CONFLICT');
    expect(offline.message).toContain('esta lista es del');
    expect(offline.message).toContain('queda anotada para el organizador');
    const conflicts = await t.app.inject({
      url: lists(d.event.id, `/${d.firstOnly.id}/conflicts`),
      headers: d.headers,
    });
    expect(conflicts.json().data).toEqual([
      expect.objectContaining({
        reason: 'WRONG_DATE',
        // Which date the ticket was for, for the organizer's list of conflicts.
        attendee: expect.objectContaining({
          first_name: 'Marco',
          date_starts_at: new Date(d.second.starts_at).toISOString(),
        }),
      }),
    ]);
    const listed = await t.app.inject({ url: lists(d.event.id, `/${d.firstOnly.id}`), headers: d.headers });
    expect(listed.json().data).toMatchObject({ attendees_count: 1, checked_in_count: 0, conflicts_count: 1 });
  });

  it("refuses another event's or another account's date with a 422 naming the field, and changes nothing", async () => {
    const d = await datedEvent();
    const sibling = one(
      await t.app.deps.db
        .insert(events)
        .values({
          account_id: d.event.account_id,
          organizer_id: d.event.organizer_id,
          name: 'Otro concierto',
          slug: 'otro-concierto',
          status: 'LIVE',
          start_date: d.event.start_date,
          timezone: TZ,
          currency: 'EUR',
        })
        .returning(),
    );
    const siblingDate = await addEventDate(t.app, sibling);
    const stranger = await createSellingEvent(t.app);
    const strangerDate = await addEventDate(t.app, stranger.event);
    const send = (method: 'POST' | 'PUT', payload: Record<string, unknown>, lang = 'es') =>
      t.app.inject({
        method,
        url: lists(d.event.id, method === 'PUT' ? `/${d.firstOnly.id}` : ''),
        headers: { ...d.headers, 'accept-language': lang },
        payload,
      });
    for (const id of [siblingDate.id, strangerDate.id, '7d0c3d7e-9b0b-4c55-9a43-0b8f4f5f1c11', 'mañana']) {
      for (const method of ['POST', 'PUT'] as const) {
        const res = await send(method, { name: 'Otra', event_date_id: id });
        expect(res.statusCode, `${method} ${id}`).toBe(422);
        expect(res.json().error.fields).toEqual({ event_date_id: 'Elige una de las fechas de este evento.' });
      }
    }
    const english = await send('POST', { name: 'Otra', event_date_id: strangerDate.id }, 'en');
    expect(english.json().error.fields.event_date_id).toBe("Choose one of this event's dates.");
    const rows = await t.app.deps.db.select().from(checkInLists).where(eq(checkInLists.event_id, d.event.id));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === d.firstOnly.id)).toMatchObject({
      name: 'Primer día',
      event_date_id: d.first.id,
    });

    // Back to every date, then to the second; another account cannot touch the list at all.
    const cleared = await send('PUT', { name: 'Primer día', event_date_id: null });
    expect(cleared.json().data).toMatchObject({ event_date: null, attendees_count: 2 });
    const moved = await send('PUT', { name: 'Segundo día', event_date_id: d.second.id });
    expect(moved.json().data).toMatchObject({ event_date: { id: d.second.id }, attendees_count: 1 });
    const other = await createAccountWithUser(t.app);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: lists(d.event.id, `/${d.firstOnly.id}`),
      headers: other.headers,
      payload: { name: 'Mía', event_date_id: d.first.id },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
