import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInLists } from '../../db/schema/index.ts';
import { one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser, createAccountWithUser } from '../../test/factories/accounts.ts';
import { addTicket, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Seller = Awaited<ReturnType<typeof createSellingEvent>>;
const url = (eventId: string, path = '') => `/api/events/${eventId}/check-in-lists${path}`;
const create = (s: Seller, payload: Record<string, unknown>, headers: Record<string, string> = s.headers) =>
  t.app.inject({ method: 'POST', url: url(s.event.id), headers, payload });

describe('check-in lists (back office)', () => {
  it('creates, reads, updates, lists, searches and deletes a list', async () => {
    const s = await createSellingEvent(t.app);
    const general = await addTicket(t.app, s.event);
    const vip = await addTicket(t.app, s.event, { name: 'VIP' });
    const res = await create(s, { name: 'Puerta principal' });
    expect(res.statusCode).toBe(201);
    const made = res.json().data;
    expect(made).toMatchObject({
      name: 'Puerta principal',
      ticket_ids: [],
      activates_at: null,
      expires_at: null,
      attendees_count: 0,
      checked_in_count: 0,
    });
    expect(made.short_id).toMatch(/^c_[0-9A-Za-z]{20}$/);

    const put = await t.app.inject({
      method: 'PUT',
      url: url(s.event.id, `/${made.id}`),
      headers: s.headers,
      payload: {
        name: 'Puerta VIP',
        ticket_ids: [vip.id, vip.id],
        activates_at: '2030-05-01T18:00:00+02:00',
        expires_at: '2030-05-02T02:00:00+02:00',
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({
      name: 'Puerta VIP',
      ticket_ids: [vip.id],
      activates_at: '2030-05-01T16:00:00.000Z',
      expires_at: '2030-05-02T00:00:00.000Z',
      short_id: made.short_id,
    });
    await create(s, { name: 'Acceso general', ticket_ids: [general.id] });
    const list = (await t.app.inject({ url: url(s.event.id, '?query=vip'), headers: s.headers })).json();
    expect(list.data.map((l: { name: string }) => l.name)).toEqual(['Puerta VIP']);
    const sorted = await t.app.inject({
      url: url(s.event.id, '?sort_by=name&sort_direction=asc'),
      headers: s.headers,
    });
    expect(sorted.json().data.map((l: { name: string }) => l.name)).toEqual(['Acceso general', 'Puerta VIP']);
    const bad = await t.app.inject({ url: url(s.event.id, '?sort_by=short_id'), headers: s.headers });
    expect(bad.statusCode).toBe(422);

    const del = await t.app.inject({
      method: 'DELETE',
      url: url(s.event.id, `/${made.id}`),
      headers: s.headers,
    });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ url: url(s.event.id, `/${made.id}`), headers: s.headers })).statusCode).toBe(
      404,
    );
  });

  it('counts covered ACTIVE attendees and check-ins per list and for the event', async () => {
    const s = await createSellingEvent(t.app);
    const general = await addTicket(t.app, s.event);
    const vip = await addTicket(t.app, s.event, { name: 'VIP' });
    await buyWithTestCard(t.app, s.event, general, { quantity: 2 });
    await buyWithTestCard(t.app, s.event, vip, { quantity: 1 });
    const all = (await create(s, { name: 'Todas' })).json().data;
    const vipOnly = (await create(s, { name: 'VIP', ticket_ids: [vip.id] })).json().data;
    const codes = (await t.app.inject({ url: `/api/public/check-in-lists/${all.short_id}/attendees` })).json()
      .data as { short_id: string; ticket_name: string }[];
    expect(codes).toHaveLength(3);
    const vipCode = codes.find((a) => a.ticket_name === 'VIP')?.short_id as string;
    const generalCode = codes.find((a) => a.ticket_name !== 'VIP')?.short_id as string;
    const checkIn = async (shortId: string, code: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/public/check-in-lists/${shortId}/check-ins`,
          payload: { check_ins: [{ client_id: `scan-${code}`, code, scanned_at: new Date().toISOString() }] },
        })
      ).json().data[0].verdict;
    expect(await checkIn(all.short_id, generalCode)).toBe('ADMITTED');
    expect(await checkIn(vipOnly.short_id, vipCode)).toBe('ADMITTED');

    const lists = (
      await t.app.inject({ url: url(s.event.id, '?sort_by=name&sort_direction=asc'), headers: s.headers })
    ).json().data;
    expect(lists.map((l: { name: string; attendees_count: number; checked_in_count: number }) => l)).toEqual([
      expect.objectContaining({ name: 'Todas', attendees_count: 3, checked_in_count: 1 }),
      expect.objectContaining({ name: 'VIP', attendees_count: 1, checked_in_count: 1 }),
    ]);
    const stats = (
      await t.app.inject({ url: `/api/events/${s.event.id}/check_in_stats`, headers: s.headers })
    ).json().data;
    expect(stats.total).toEqual({ attendees_count: 3, checked_in_count: 2 });
    expect(stats.lists).toEqual([
      {
        id: all.id,
        name: 'Todas',
        short_id: all.short_id,
        attendees_count: 3,
        checked_in_count: 1,
        conflicts_count: 0,
      },
      {
        id: vipOnly.id,
        name: 'VIP',
        short_id: vipOnly.short_id,
        attendees_count: 1,
        checked_in_count: 1,
        conflicts_count: 0,
      },
    ]);
  });

  it('refuses bad input with translated field errors and writes nothing', async () => {
    const s = await createSellingEvent(t.app);
    const other = await createSellingEvent(t.app);
    const foreignTicket = await addTicket(t.app, other.event);
    const count = async () =>
      (await t.app.deps.db.select().from(checkInLists).where(eq(checkInLists.event_id, s.event.id))).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(150) }, 'name'],
      [{ name: 'Puerta', ticket_ids: ['no-uuid'] }, 'ticket_ids.0'],
      [{ name: 'Puerta', ticket_ids: [foreignTicket.id] }, 'ticket_ids'],
      [{ name: 'Puerta', activates_at: 'mañana' }, 'activates_at'],
      [
        { name: 'Puerta', activates_at: '2030-01-02T00:00:00Z', expires_at: '2030-01-01T00:00:00Z' },
        'expires_at',
      ],
      [{ name: 'Puerta', extra: 1 }, ''],
    ];
    for (const [payload, field] of cases) {
      const res = await create(s, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      if (field) expect(Object.keys(res.json().error.fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
    const english = await create(
      s,
      { name: 'Puerta', activates_at: '2030-01-02T00:00:00Z', expires_at: '2030-01-01T00:00:00Z' },
      { ...s.headers, 'accept-language': 'en' },
    );
    expect(english.json().error.fields.expires_at).toBe('The expiry must be after the activation.');
    const spanish = await create(s, { name: '' });
    expect(spanish.json().error.fields.name).toBe('Indica el nombre de la lista.');
    expect(await count()).toBe(0);

    // A bad update changes nothing either.
    const made = (await create(s, { name: 'Puerta' })).json().data;
    const put = await t.app.inject({
      method: 'PUT',
      url: url(s.event.id, `/${made.id}`),
      headers: s.headers,
      payload: { name: 'Otra', ticket_ids: [foreignTicket.id] },
    });
    expect(put.statusCode).toBe(422);
    const row = one(await t.app.deps.db.select().from(checkInLists).where(eq(checkInLists.id, made.id)));
    expect(row.name).toBe('Puerta');
  });

  it('lets an ORGANIZER manage lists', async () => {
    const s = await createSellingEvent(t.app);
    const organizer = await addUser(t.app, s.account.id, { role: 'ORGANIZER', isOwner: false });
    expect((await create(s, { name: 'Puerta' }, organizer.headers)).statusCode).toBe(201);
    const stats = await t.app.inject({
      url: `/api/events/${s.event.id}/check_in_stats`,
      headers: organizer.headers,
    });
    expect(stats.statusCode).toBe(200);
  });

  it('is scoped to the account: another account gets 404 and changes nothing', async () => {
    const s = await createSellingEvent(t.app);
    const intruder = await createAccountWithUser(t.app);
    const made = (await create(s, { name: 'Puerta' })).json().data;
    const h = intruder.headers;
    const calls = [
      t.app.inject({ url: url(s.event.id), headers: h }),
      t.app.inject({ method: 'POST', url: url(s.event.id), headers: h, payload: { name: 'X' } }),
      t.app.inject({ url: url(s.event.id, `/${made.id}`), headers: h }),
      t.app.inject({
        method: 'PUT',
        url: url(s.event.id, `/${made.id}`),
        headers: h,
        payload: { name: 'Robada' },
      }),
      t.app.inject({ method: 'DELETE', url: url(s.event.id, `/${made.id}`), headers: h }),
      t.app.inject({ url: `/api/events/${s.event.id}/check_in_stats`, headers: h }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    // The intruder's own event cannot reach it either.
    const own = await createSellingEvent(t.app);
    const viaOwn = await t.app.inject({ url: url(own.event.id, `/${made.id}`), headers: own.headers });
    expect(viaOwn.statusCode).toBe(404);
    const row = one(await t.app.deps.db.select().from(checkInLists).where(eq(checkInLists.id, made.id)));
    expect(row.name).toBe('Puerta');
    expect((await t.app.inject({ url: url(s.event.id) })).statusCode).toBe(401);
  });
});

describe('checking an attendee in from the back office', () => {
  it("gives the door's answer: admitted, then already in; a ticket the list does not cover is refused", async () => {
    const s = await createSellingEvent(t.app);
    const general = await addTicket(t.app, s.event);
    const vip = await addTicket(t.app, s.event, { name: 'VIP' });
    await buyWithTestCard(t.app, s.event, general, { quantity: 1 });
    const all = (await create(s, { name: 'Todas' })).json().data;
    const vipOnly = (await create(s, { name: 'VIP', ticket_ids: [vip.id] })).json().data;
    const people = await t.app.inject({ url: `/api/events/${s.event.id}/attendees`, headers: s.headers });
    const attendeeId = people.json().data[0].id as string;
    const desk = (listId: string, headers = s.headers) =>
      t.app.inject({
        method: 'POST',
        url: url(s.event.id, `/${listId}/check-ins`),
        headers,
        payload: { attendee_id: attendeeId },
      });

    const first = await desk(all.id);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ verdict: 'ADMITTED' });
    const again = await desk(all.id);
    expect(again.json().data.verdict).toBe('ALREADY_CHECKED_IN');
    expect((await desk(vipOnly.id)).json().data.verdict).toBe('NOT_COVERED');
    // The door sees it: the list counts one checked in.
    const list = await t.app.inject({ url: url(s.event.id, `/${all.id}`), headers: s.headers });
    expect(list.json().data.checked_in_count).toBe(1);
    const detail = await t.app.inject({
      url: `/api/events/${s.event.id}/attendees/${attendeeId}`,
      headers: s.headers,
    });
    expect(detail.json().data.check_ins.map((c: { list_name: string }) => c.list_name)).toEqual(['Todas']);
  });

  it('is for members who manage check-in, on their own event; a closed list is refused', async () => {
    const s = await createSellingEvent(t.app);
    const general = await addTicket(t.app, s.event);
    await buyWithTestCard(t.app, s.event, general, { quantity: 1 });
    const later = (await create(s, { name: 'Mañana', activates_at: '2099-01-01T10:00:00+01:00' })).json()
      .data;
    const people = await t.app.inject({ url: `/api/events/${s.event.id}/attendees`, headers: s.headers });
    const attendeeId = people.json().data[0].id as string;
    const payload = { attendee_id: attendeeId };
    const closed = await t.app.inject({
      method: 'POST',
      url: url(s.event.id, `/${later.id}/check-ins`),
      headers: s.headers,
      payload,
    });
    expect(closed.statusCode).toBe(404);
    const door = await addUser(t.app, s.account.id, { role: 'DOOR' });
    const open = (await create(s, { name: 'Ahora' })).json().data;
    const asDoor = await t.app.inject({
      method: 'POST',
      url: url(s.event.id, `/${open.id}/check-ins`),
      headers: door.headers,
      payload,
    });
    expect(asDoor.statusCode).toBe(403);
    const stranger = await createAccountWithUser(t.app);
    const foreign = await t.app.inject({
      method: 'POST',
      url: url(s.event.id, `/${open.id}/check-ins`),
      headers: stranger.headers,
      payload,
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'POST',
      url: url(s.event.id, `/${open.id}/check-ins`),
      headers: s.headers,
      payload: { attendee_id: '0193a000-0000-7000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
