import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser, createAccountWithUser } from '../../test/factories/accounts.ts';
import {
  createEvent,
  createOrganizer,
  insertCompletedOrder,
  insertTicket,
} from '../../test/factories/events.ts';

/**
 * A member limited to some organizers: every list, search, count, export and sub-resource of another
 * organizer's event answers as if it did not exist; an admin narrows and widens the scope.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAccountWithUser>>;
let member: Awaited<ReturnType<typeof addUser>>;
let mine: { id: string };
let theirs: { id: string };
let mineEvent: { id: string };
let theirsEvent: { id: string };

type H = Record<string, string>;
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: H, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const limit = (organizer_ids: string[] | null) =>
  req('PUT', `/api/users/${member.user.id}`, admin.headers, { organizer_ids });

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccountWithUser(t.app);
  member = await addUser(t.app, admin.account.id, { role: 'ORGANIZER' });
  mine = await createOrganizer(t.app, admin.headers, { name: 'Sala Norte' });
  theirs = await createOrganizer(t.app, admin.headers, { name: 'Sala Sur' });
  mineEvent = await createEvent(t.app, admin.headers, { name: 'Jazz Norte', organizer_id: mine.id });
  theirsEvent = await createEvent(t.app, admin.headers, { name: 'Jazz Sur', organizer_id: theirs.id });
  for (const event of [mineEvent, theirsEvent]) {
    const { ticket, price } = await insertTicket(t.app, admin.account.id, event.id);
    await insertCompletedOrder(t.app, admin.account.id, event.id, {
      ticketId: ticket.id,
      priceId: price.id,
      unitCents: 2500,
      quantity: 1,
    });
  }
});
afterAll(() => t.close());

/** Reads of every kind under an event: detail, settings, stats, sub-resource lists and exports. */
const eventReads = (id: string) => [
  `/api/events/${id}`,
  `/api/events/${id}/settings`,
  `/api/events/${id}/stats`,
  `/api/events/${id}/tickets`,
  `/api/events/${id}/orders`,
  `/api/events/${id}/orders/export?format=csv`,
  `/api/events/${id}/attendees`,
  `/api/events/${id}/attendees/export?format=csv`,
  `/api/events/${id}/check-in-lists`,
  `/api/events/${id}/messages`,
  `/api/events/${id}/waitlist`,
  `/api/events/${id}/promoter/stats`,
  `/api/events/${id}/widget`,
];

describe('organizer scope', () => {
  it('an admin limits a member to some organizers; bad organizer lists are a 422 and change nothing', async () => {
    const other = await createAccountWithUser(t.app);
    const foreign = await createOrganizer(t.app, other.headers);
    for (const organizer_ids of [[foreign.id], ['no-es-uuid'], 'Sala Norte']) {
      const res = await limit(organizer_ids as string[]);
      expect(res.statusCode, JSON.stringify(organizer_ids)).toBe(422);
      expect(Object.keys(res.json().error.fields)[0]).toMatch(/^organizer_ids/);
    }
    const unchanged = await req('GET', `/api/users/${member.user.id}`, admin.headers);
    expect(unchanged.json().data.organizer_ids).toBeNull();

    const res = await limit([mine.id, mine.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.organizer_ids).toEqual([mine.id]);
    // Nobody narrows their own scope or the owner's.
    const own = await req('PUT', `/api/users/${admin.user.id}`, admin.headers, { organizer_ids: [mine.id] });
    expect(own.statusCode).toBe(409);
  });

  it("lists, searches and counts only the member's organizers and their events", async () => {
    await limit([mine.id]);
    const list = (await req('GET', '/api/events', member.headers)).json();
    expect(list.data.map((e: { id: string }) => e.id)).toEqual([mineEvent.id]);
    expect(list.meta.total).toBe(1);
    const search = (await req('GET', '/api/events?query=Jazz', member.headers)).json();
    expect(search.meta.total).toBe(1);
    const byOrganizer = await req(
      'GET',
      `/api/events?filter_fields[organizer_id][eq]=${theirs.id}`,
      member.headers,
    );
    expect(byOrganizer.json().meta?.total ?? 0).toBe(0);
    const organizers = (await req('GET', '/api/organizers', member.headers)).json();
    expect(organizers.data.map((o: { id: string }) => o.id)).toEqual([mine.id]);
    expect(organizers.meta.total).toBe(1);
    // The admin, unlimited, still sees both.
    expect((await req('GET', '/api/events', admin.headers)).json().meta.total).toBe(2);
  });

  it("the account's reports and their downloads count only the member's organizers", async () => {
    await limit([mine.id]);
    const revenue = async (headers: H) =>
      (await req('GET', '/api/reports/revenue', headers)).json().data.rows[0] as {
        orders: number;
        gross: number;
      };
    // One order of 25 € in each organizer's event: the admin sees both, the limited member its own.
    expect(await revenue(admin.headers)).toMatchObject({ orders: 2, gross: 5000 });
    expect(await revenue(member.headers)).toMatchObject({ orders: 1, gross: 2500 });
    const byTicket = (await req('GET', '/api/reports/sales-by-ticket', member.headers)).json().data.rows;
    expect(byTicket.map((r: { event: string }) => r.event)).toEqual(['Jazz Norte']);
    const lists = (await req('GET', '/api/reports/check-ins', member.headers)).json().data.rows;
    expect(lists.map((r: { event: string }) => r.event)).not.toContain('Jazz Sur');
    const csv = await req('GET', '/api/reports/sales-by-ticket/export?format=csv', member.headers);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Jazz Norte');
    expect(csv.body).not.toContain('Jazz Sur');
  });

  it("answers 404 for another organizer's event and everything under it, 200 for its own", async () => {
    await limit([mine.id]);
    const failures: string[] = [];
    for (const url of eventReads(theirsEvent.id)) {
      const res = await req('GET', url, member.headers);
      if (res.statusCode !== 404) failures.push(`${url} → ${res.statusCode}`);
    }
    for (const url of eventReads(mineEvent.id)) {
      const res = await req('GET', url, member.headers);
      if (res.statusCode !== 200) failures.push(`${url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect((await req('GET', `/api/organizers/${theirs.id}`, member.headers)).statusCode).toBe(404);
    expect((await req('GET', `/api/organizers/${mine.id}`, member.headers)).statusCode).toBe(200);
  });

  it("changes nothing of another organizer's and cannot move events to it", async () => {
    await limit([mine.id]);
    const writes: [string, string, unknown][] = [
      ['PUT', `/api/events/${theirsEvent.id}`, { name: 'Robado' }],
      ['PUT', `/api/events/${theirsEvent.id}/status`, { status: 'ARCHIVED' }],
      [
        'POST',
        `/api/events/${theirsEvent.id}/tickets`,
        { name: 'X', type: 'FREE', prices: [{ price_cents: 0 }] },
      ],
      ['PUT', `/api/organizers/${theirs.id}`, { name: 'Robado' }],
    ];
    for (const [method, url, body] of writes) {
      const res = await req(method as 'PUT', url, member.headers, body);
      expect(res.statusCode, url).toBe(404);
    }
    const moved = await req('PUT', `/api/events/${mineEvent.id}`, member.headers, {
      organizer_id: theirs.id,
    });
    expect(moved.statusCode).toBe(422);
    const created = await req('POST', '/api/events', member.headers, {
      name: 'Nuevo',
      organizer_id: theirs.id,
      start_date: new Date(Date.now() + 86400_000).toISOString(),
    });
    expect(created.statusCode).toBe(422);
    const theirsNow = (await req('GET', `/api/events/${theirsEvent.id}`, admin.headers)).json().data;
    expect(theirsNow).toMatchObject({ name: 'Jazz Sur', status: 'DRAFT', tickets_count: 1 });
    expect((await req('GET', `/api/organizers/${theirs.id}`, admin.headers)).json().data.name).toBe(
      'Sala Sur',
    );
  });

  it('an empty list gives the member every organizer back', async () => {
    await limit([mine.id]);
    const res = await limit([]);
    expect(res.json().data.organizer_ids).toBeNull();
    expect((await req('GET', '/api/events', member.headers)).json().meta.total).toBe(2);
    expect((await req('GET', `/api/events/${theirsEvent.id}/orders`, member.headers)).statusCode).toBe(200);
  });

  it('an invitation can be limited from the start; a foreign organizer is a 422 and invites nobody', async () => {
    const other = await createAccountWithUser(t.app);
    const foreign = await createOrganizer(t.app, other.headers);
    const invite = (email: string, organizer_ids: unknown) =>
      req('POST', '/api/users', admin.headers, {
        first_name: 'Ana',
        last_name: 'Promotora',
        email,
        role: 'ORGANIZER',
        organizer_ids,
      });
    const refused = await invite('ana.foranea@example.com', [foreign.id]);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().error.fields)).toEqual(['organizer_ids']);
    const team = (await req('GET', '/api/users?per_page=100', admin.headers)).json().data;
    expect(team.map((u: { email: string }) => u.email)).not.toContain('ana.foranea@example.com');

    const invited = await invite('ana.norte@example.com', [mine.id]);
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().data.organizer_ids).toEqual([mine.id]);
  });
});
