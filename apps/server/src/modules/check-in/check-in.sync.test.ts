import { createHash } from 'node:crypto';
import type { DoorCheckInResult } from '@taquilla/shared/schemas/check-in';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees, checkInConflicts, checkIns } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';
import {
  addQuestion,
  addTicket,
  buyWithTestCard,
  createSellingEvent,
} from '../../test/factories/checkout.ts';
import { localTime } from './check-in.door.ts';

/** The door's offline sync over HTTP: snapshot pages and versions, batch uploads, conflicts. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(() => t.close());

const door = (shortId: string, path = '') => `/api/public/check-in-lists/${shortId}${path}`;
type Scan = { client_id: string; code: string; scanned_at: string; offline?: boolean };
type Row = { short_id: string; first_name: string; status: string; checked_in_at: string | null };

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

async function upload(shortId: string, checkIns: Scan[], lang = 'es') {
  const res = await fetch(`${t.url}${door(shortId, '/check-ins')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': lang },
    body: JSON.stringify({ check_ins: checkIns }),
  });
  return { status: res.status, body: (await res.json()) as { data: DoorCheckInResult[] } };
}

async function snapshot(shortId: string, query = '') {
  const res = await t.app.inject({ url: door(shortId, `/snapshot${query}`) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: (Row & Record<string, unknown>)[];
    meta: { version: string; complete: boolean };
  };
}

/**
 * What changed since `known`: the rows an incremental fetch brought that differ from what the device held.
 * A fetch may repeat unchanged rows (the version floor waits for every transaction still running on the
 * server, including other databases' on a shared PostgreSQL); repeats are harmless and not counted.
 */
function changes(known: Row[], fetched: Row[]) {
  const before = new Map(known.map((r) => [r.short_id, JSON.stringify(r)]));
  return fetched.filter((r) => before.get(r.short_id) !== JSON.stringify(r));
}

/** Follows the pages from `since` to the end, as the door does. */
async function sync(shortId: string, since?: string, perPage = 1000) {
  const rows: (Row & Record<string, unknown>)[] = [];
  let version = since;
  let pages = 0;
  for (;;) {
    const q = new URLSearchParams({ per_page: String(perPage), ...(version ? { since: version } : {}) });
    const page = await snapshot(shortId, `?${q}`);
    rows.push(...page.data);
    version = page.meta.version;
    pages++;
    if (page.meta.complete) return { rows, version, pages };
  }
}

async function setup() {
  const s = await createSellingEvent(t.app);
  const general = await addTicket(t.app, s.event);
  const vip = await addTicket(t.app, s.event, { name: 'VIP' });
  const allergy = await addQuestion(t.app, s.event, {
    title: 'Alergias',
    belongs_to: 'ATTENDEE',
    show_at_door: true,
  });
  const secret = await addQuestion(t.app, s.event, { title: 'DNI', belongs_to: 'ATTENDEE' });
  await buyWithTestCard(t.app, s.event, general, {
    quantity: 3,
    attendees: [
      {
        first_name: 'Lucía',
        last_name: 'Martín',
        email: 'lucia@example.com',
        answers: { [allergy.id]: 'Frutos secos', [secret.id]: '12345678Z' },
      },
      { first_name: 'Pablo', last_name: 'Ruiz', email: 'pablo@example.com' },
      { first_name: 'Ana', last_name: 'Gil', email: 'ana@example.com' },
    ],
  });
  await buyWithTestCard(t.app, s.event, vip, {
    attendees: [{ first_name: 'Marco', last_name: 'Vidal', email: 'marco@example.com' }],
  });
  const made = await t.app.inject({
    method: 'POST',
    url: `/api/events/${s.event.id}/check-in-lists`,
    headers: s.headers,
    payload: { name: 'Puerta general', ticket_ids: [general.id] },
  });
  const people = await t.app.deps.db.select().from(attendees).where(eq(attendees.event_id, s.event.id));
  const person = (first: string) => {
    const p = people.find((x) => x.first_name === first);
    if (!p) throw new Error(first);
    return p;
  };
  return {
    ...s,
    general,
    list: made.json().data as { id: string; short_id: string },
    lucia: person('Lucía'),
    pablo: person('Pablo'),
    ana: person('Ana'),
    marco: person('Marco'),
  };
}

describe('door snapshot', () => {
  it('gives the whole list, then only what changed: a new sale, a cancellation, a check-in', async () => {
    const d = await setup();
    const first = await sync(d.list.short_id);
    expect(first.rows.map((r) => r.first_name).sort()).toEqual(['', 'Ana', 'Lucía', 'Pablo']);
    const lucia = first.rows.find((r) => r.first_name === 'Lucía');
    // What the door needs and nothing more: masked e-mail, a hash of the QR secret, door answers only.
    expect(lucia).toEqual({
      short_id: d.lucia.short_id,
      first_name: 'Lucía',
      last_name: 'Martín',
      email: 'l•••@example.com',
      ticket_id: d.general.id,
      ticket_name: 'Entrada general',
      event_date: null,
      status: 'ACTIVE',
      qr_hash: createHash('sha256').update(d.lucia.qr_secret).digest('hex'),
      checked_in_at: null,
      answers: [{ question: 'Alergias', answer: 'Frutos secos' }],
    });
    // Marco holds a VIP ticket this list does not admit: the door can refuse him, but learns nothing about him.
    expect(first.rows.find((r) => r.short_id === d.marco.short_id)).toMatchObject({
      first_name: '',
      last_name: '',
      email: '',
      ticket_name: 'VIP',
      answers: [],
    });
    expect(JSON.stringify(first.rows)).not.toContain(d.lucia.qr_secret);
    expect(JSON.stringify(first.rows)).not.toContain('12345678Z');

    // Nothing changed: nothing new comes.
    expect(changes(first.rows, (await sync(d.list.short_id, first.version)).rows)).toEqual([]);

    // A new sale, a cancellation and a check-in all appear in the next incremental fetch.
    await buyWithTestCard(t.app, d.event, d.general, {
      attendees: [{ first_name: 'Nora', last_name: 'Sanz', email: 'nora@example.com' }],
    });
    await t.app.deps.db.update(attendees).set({ status: 'CANCELLED' }).where(eq(attendees.id, d.pablo.id));
    const scanned = minutesAgo(1);
    await upload(d.list.short_id, [
      { client_id: 'device-a-0001', code: d.ana.short_id, scanned_at: scanned },
    ]);
    const next = await sync(d.list.short_id, first.version);
    const byName = Object.fromEntries(changes(first.rows, next.rows).map((r) => [r.first_name, r]));
    expect(Object.keys(byName).sort()).toEqual(['Ana', 'Nora', 'Pablo']);
    expect(byName.Pablo?.status).toBe('CANCELLED');
    expect(byName.Ana?.checked_in_at).toBe(scanned);
    const current = [...first.rows.filter((r) => !byName[r.first_name]), ...Object.values(byName)];
    expect(changes(current, (await sync(d.list.short_id, next.version)).rows)).toEqual([]);

    // An undo is a change too.
    await t.app.inject({ method: 'DELETE', url: door(d.list.short_id, `/check-ins/${d.ana.short_id}`) });
    const undone = await sync(d.list.short_id, next.version);
    expect(changes(current, undone.rows).map((r) => [r.first_name, r.checked_in_at])).toEqual([
      ['Ana', null],
    ]);
  });

  it('pages through the list in order, each page resuming where the last one ended', async () => {
    const d = await setup();
    const paged = await sync(d.list.short_id, undefined, 2);
    expect(paged.pages).toBe(3); // 4 rows, 2 per page, and a last page that says it is complete
    expect(new Set(paged.rows.map((r) => r.short_id)).size).toBe(4);
    const midway = await snapshot(d.list.short_id, '?per_page=3');
    expect(midway.meta.complete).toBe(false);
    expect(midway.meta.version).toMatch(/^\d+\.\d+\.a_\w+$/);
    const rest = await snapshot(d.list.short_id, `?per_page=3&since=${midway.meta.version}`);
    expect(rest.meta.complete).toBe(true);
    expect([...midway.data, ...rest.data].map((r) => r.short_id).sort()).toEqual(
      paged.rows.map((r) => r.short_id).sort(),
    );
    expect(changes(paged.rows, (await sync(d.list.short_id, paged.version)).rows)).toEqual([]);
  });

  it('refuses a malformed version and an unknown list, in the request language', async () => {
    const d = await setup();
    const bad = await t.app.inject({
      url: door(d.list.short_id, '/snapshot?since=abc'),
      headers: { 'accept-language': 'en' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.since).toBe('The data version is not valid.');
    expect((await t.app.inject({ url: door('c_noexiste', '/snapshot') })).statusCode).toBe(404);
  });
});

describe('door uploads', () => {
  it('answers each scan; the same batch sent twice checks each attendee in once', async () => {
    const d = await setup();
    const batch: Scan[] = [
      { client_id: 'device-a-0001', code: d.lucia.qr_secret, scanned_at: minutesAgo(5), offline: true },
      { client_id: 'device-a-0002', code: d.pablo.short_id, scanned_at: minutesAgo(4), offline: true },
      { client_id: 'device-a-0003', code: d.marco.short_id, scanned_at: minutesAgo(3) },
      { client_id: 'device-a-0004', code: 'a_desconocido', scanned_at: minutesAgo(2) },
    ];
    const once = await upload(d.list.short_id, batch, 'en');
    expect(once.status).toBe(200);
    expect(
      once.body.data.map((r: { client_id: string; verdict: string }) => [r.client_id, r.verdict]),
    ).toEqual([
      ['device-a-0001', 'ADMITTED'],
      ['device-a-0002', 'ADMITTED'],
      ['device-a-0003', 'NOT_COVERED'],
      ['device-a-0004', 'NOT_FOUND'],
    ]);
    expect(once.body.data[0]?.message).toBe('Lucía Martín: checked in.');
    expect(once.body.data[0]?.checked_in_at).toBe(batch[0]?.scanned_at);
    const twice = await upload(d.list.short_id, batch, 'en');
    expect(twice.body).toEqual(once.body);
    const rows = await t.app.deps.db.select().from(checkIns).where(eq(checkIns.event_id, d.event.id));
    expect(rows.map((r) => r.client_id).sort()).toEqual(['device-a-0001', 'device-a-0002']);
    expect(rows.find((r) => r.client_id === 'device-a-0001')?.scanned_at.toISOString()).toBe(
      batch[0]?.scanned_at,
    );
  });

  it('keeps the first scan by scan time and records the other as a conflict the organizer sees', async () => {
    const d = await setup();
    const early = minutesAgo(10);
    const late = minutesAgo(5);
    // Device B uploads first although device A scanned Lucía earlier; both let her in offline.
    const b = await upload(d.list.short_id, [
      { client_id: 'device-b-0001', code: d.lucia.qr_secret, scanned_at: late, offline: true },
    ]);
    expect(b.body.data[0]?.verdict).toBe('ADMITTED');
    const a = await upload(d.list.short_id, [
      { client_id: 'device-a-0001', code: d.lucia.short_id, scanned_at: early, offline: true },
      // Pablo was cancelled before the door knew: recorded, not dropped.
      { client_id: 'device-a-0002', code: d.pablo.short_id, scanned_at: early, offline: true },
    ]);
    await t.app.deps.db.update(attendees).set({ status: 'CANCELLED' }).where(eq(attendees.id, d.pablo.id));
    const a2 = await upload(d.list.short_id, [
      { client_id: 'device-a-0003', code: d.pablo.short_id, scanned_at: early, offline: true },
    ]);
    expect(a.body.data.map((r: { verdict: string }) => r.verdict)).toEqual(['ADMITTED', 'ADMITTED']);
    expect(a2.body.data[0]?.verdict).toBe('CONFLICT');
    // B resends (it never saw the answer): now it is the conflict, pointing at A's earlier scan.
    const bAgain = await upload(d.list.short_id, [
      { client_id: 'device-b-0001', code: d.lucia.qr_secret, scanned_at: late, offline: true },
    ]);
    expect(bAgain.body.data[0]).toMatchObject({ verdict: 'CONFLICT', checked_in_at: early });

    const kept = await t.app.deps.db.select().from(checkIns).where(eq(checkIns.attendee_id, d.lucia.id));
    expect(kept.map((k) => [k.client_id, k.scanned_at.toISOString()])).toEqual([['device-a-0001', early]]);

    const conflicts = await t.app.inject({
      url: `/api/events/${d.event.id}/check-in-lists/${d.list.id}/conflicts`,
      headers: d.headers,
    });
    expect(conflicts.statusCode).toBe(200);
    const list = conflicts.json().data as { reason: string; attendee: { first_name: string } }[];
    expect(list.map((c) => [c.attendee.first_name, c.reason]).sort()).toEqual([
      ['Lucía', 'ALREADY_CHECKED_IN'],
      ['Pablo', 'CANCELLED'],
    ]);
    expect(list.find((c) => c.reason === 'ALREADY_CHECKED_IN')).toMatchObject({
      scanned_at: late,
      kept_scanned_at: early,
    });
    const lists = await t.app.inject({ url: `/api/events/${d.event.id}/check-in-lists`, headers: d.headers });
    expect(lists.json().data[0].conflicts_count).toBe(2);

    // Another account sees none of it.
    const other = await createAccountWithUser(t.app);
    const foreign = await t.app.inject({
      url: `/api/events/${d.event.id}/check-in-lists/${d.list.id}/conflicts`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('tells a second door when and where a ticket it let in offline had already been used', async () => {
    const d = await setup();
    const early = minutesAgo(10);
    const late = minutesAgo(5);
    const doorA = await upload(d.list.short_id, [
      { client_id: 'device-a-0001', code: d.lucia.qr_secret, scanned_at: early },
    ]);
    expect(doorA.body.data[0]?.verdict).toBe('ADMITTED');
    // Pablo was let in at the desk (back office), Ana cancelled, both before device B came back online.
    const desk = await t.app.inject({
      method: 'POST',
      url: `/api/events/${d.event.id}/check-in-lists/${d.list.id}/check-ins`,
      headers: d.headers,
      payload: { attendee_id: d.pablo.id },
    });
    expect(desk.json().data.verdict).toBe('ADMITTED');
    await t.app.deps.db.update(attendees).set({ status: 'CANCELLED' }).where(eq(attendees.id, d.ana.id));
    const offlineB: Scan[] = [
      { client_id: 'device-b-0001', code: d.lucia.qr_secret, scanned_at: late, offline: true },
      {
        client_id: 'device-b-0002',
        code: d.pablo.qr_secret,
        scanned_at: new Date().toISOString(),
        offline: true,
      },
      { client_id: 'device-b-0003', code: d.ana.short_id, scanned_at: late, offline: true },
    ];
    const b = await upload(d.list.short_id, offlineB, 'en');
    expect(b.body.data.map((r) => r.verdict)).toEqual(['CONFLICT', 'CONFLICT', 'CONFLICT']);
    const [lucia, pablo, ana] = b.body.data;
    const when = (iso: string) => localTime(new Date(iso), 'Europe/Madrid');
    const luciaIn = when(early);
    expect(lucia?.checked_in_at).toBe(early);
    expect(lucia?.message).toBe(
      `Lucía Martín had already entered on ${luciaIn.date} at ${luciaIn.time} through another device of the list “Puerta general”. This offline scan is recorded for the organizer.`,
    );
    const pabloIn = when(desk.json().data.checked_in_at);
    expect(pablo?.message).toBe(
      `Pablo Ruiz had already entered on ${pabloIn.date} at ${pabloIn.time}, checked in from the office. This offline scan is recorded for the organizer.`,
    );
    expect(ana?.message).toBe(
      'This ticket is cancelled: entry refused. This offline scan is recorded for the organizer.',
    );
    // The answer lost on the way and asked again: the same sentences, in Catalan too.
    const again = await upload(d.list.short_id, offlineB, 'en');
    expect(again.body.data.map((r) => r.message)).toEqual(b.body.data.map((r) => r.message));
    const ca = await upload(d.list.short_id, offlineB.slice(0, 1), 'ca');
    expect(ca.body.data[0]?.message).toContain(`${luciaIn.date}`);
    expect(ca.body.data[0]?.message).toContain('Puerta general');
    expect(ca.body.data[0]?.message).not.toBe(lucia?.message);
  });

  it('two devices uploading overlapping offline batches at once: one check-in each, the rest conflicts', async () => {
    const d = await setup();
    const codes = [d.lucia.qr_secret, d.pablo.qr_secret, d.ana.qr_secret];
    const batchOf = (device: string, offsetMinutes: number) =>
      codes.map((code, i) => ({
        client_id: `device-${device}-${i}`,
        code,
        scanned_at: minutesAgo(offsetMinutes + i),
        offline: true,
      }));
    const [a, b] = await Promise.all([
      upload(d.list.short_id, batchOf('a', 10)),
      upload(d.list.short_id, [...batchOf('b', 20)].reverse()),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    // Device B scanned each of them earlier: its scans are kept whichever request ran first.
    const rows = await t.app.deps.db.select().from(checkIns).where(eq(checkIns.event_id, d.event.id));
    expect(rows.map((r) => r.client_id).sort()).toEqual(['device-b-0', 'device-b-1', 'device-b-2']);
    const conflicts = await t.app.deps.db
      .select()
      .from(checkInConflicts)
      .where(eq(checkInConflicts.event_id, d.event.id));
    expect(conflicts.map((c) => c.client_id).sort()).toEqual(['device-a-0', 'device-a-1', 'device-a-2']);
    // Online scans racing for the same person: exactly one admitted.
    const e = await setup();
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        upload(e.list.short_id, [
          { client_id: `device-${i}-online`, code: e.lucia.qr_secret, scanned_at: minutesAgo(0) },
        ]),
      ),
    );
    const verdicts = racing.map((r) => r.body.data[0]?.verdict);
    expect(verdicts.filter((v) => v === 'ADMITTED')).toHaveLength(1);
    expect(verdicts.filter((v) => v === 'ALREADY_CHECKED_IN')).toHaveLength(5);
  });

  it('refuses a malformed batch with a clear 422 and changes nothing', async () => {
    const d = await setup();
    const cases = [
      { check_ins: [] },
      { check_ins: [{ client_id: 'short', code: d.lucia.short_id, scanned_at: minutesAgo(1) }] },
      { check_ins: [{ client_id: 'device-a-0001', code: d.lucia.short_id, scanned_at: 'ayer' }] },
      { code: d.lucia.short_id },
    ];
    for (const payload of cases) {
      const res = await t.app.inject({ method: 'POST', url: door(d.list.short_id, '/check-ins'), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().error.message).toBeTruthy();
    }
    expect(await t.app.deps.db.select().from(checkIns).where(eq(checkIns.event_id, d.event.id))).toEqual([]);
  });
});
