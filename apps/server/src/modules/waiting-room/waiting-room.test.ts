import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { at } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addEventDate, addTicket, buyer, createSellingEvent } from '../../test/factories/checkout.ts';
import { redisTestEnv } from '../../test/redis.ts';
import { clock } from './clock.ts';
import { CLOSED_KEEP_MS, ROOM_KEEP_MS } from './queue.ts';
import { purgeIdle, shuffled, tickRoom } from './ticker.ts';

/**
 * The waiting room over HTTP: the organizer's settings, the pre-queue's draw, the admission rate (the
 * clock is moved, never slept on), the pass the reservation spends, the sell-out that closes the room,
 * and the queue page; with the line in the database, and in Redis when REDIS_URL is set.
 */
describe('with the line in the database', () => suite({}, null));

// Needs a Redis (REDIS_URL): skipped, and reported as skipped, without one.
describe.skipIf(!process.env.REDIS_URL)('with the line in Redis (REDIS_URL)', () => {
  const redis = redisTestEnv();
  afterAll(() => redis.clean());
  suite(redis.env, redis);
  it('kept the lines in Redis, under the run key prefix', async () => {
    expect(await redis.count()).toBeGreaterThan(0);
  });
});

// The fake clock starts at the real time: reservations' expiry is the database's clock.
const START = Math.floor(Date.now() / 1000) * 1000;
let now = START;

function suite(storeEnv: Record<string, string>, redis: ReturnType<typeof redisTestEnv> | null) {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...storeEnv, WAITING_ROOM_JOINS_PER_MINUTE: '100000' } });
    clock.now = () => new Date(now);
  });
  afterAll(async () => {
    clock.now = () => new Date();
    await t.close();
  });
  afterEach(() => {
    now = START;
  });

  const OPENS = new Date(START + 5 * 60_000).toISOString();
  const advance = (ms: number) => {
    now += ms;
  };

  async function roomEvent(opts: { quantity?: number; rate?: number; waitlist?: boolean } = {}) {
    const selling = await createSellingEvent(t.app);
    const ticket = await addTicket(t.app, selling.event, {
      prices: [{ price_cents: 2500, quantity: opts.quantity ?? 100 }],
      ...(opts.waitlist ? { waitlist_enabled: true } : {}),
    });
    const auth = { authorization: `Bearer ${selling.token}` };
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${selling.event.id}/waiting-room`,
      headers: auth,
      payload: { enabled: true, opens_at: OPENS, rate_per_minute: opts.rate ?? 60, paused: false },
    });
    expect(put.statusCode).toBe(200);
    return { ...selling, ticket, auth };
  }

  async function join(eventId: string, token?: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${eventId}/waiting-room/join`,
      headers: token ? { 'x-waiting-room-token': token } : {},
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { token: string; state: string; position: number | null };
  }

  async function status(eventId: string, token: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/${eventId}/waiting-room`,
      headers: { 'x-waiting-room-token': token },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as {
      state: string;
      position: number | null;
      ahead: number | null;
      estimate_seconds: number | null;
      pass: string | null;
      waitlist_enabled: boolean;
    };
  }

  const reserve = (
    eventId: string,
    ticket: { id: string; prices: { id: string }[] },
    headers: Record<string, string> = {},
    quantity = 1,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/events/${eventId}/order`,
      headers,
      payload: { tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity }] },
    });

  /** How many wait (in line or in the pre-queue), from the organizer's live figures. */
  async function waiting(eventId: string, auth: Record<string, string>) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/waiting-room`,
      headers: auth,
    });
    return res.json().data.stats.waiting as number;
  }

  describe('organizer settings', () => {
    it('suggests a rate from the payment limit and the order timeout, validates, and audits the change', async () => {
      const { event, auth } = await createSellingEvent(t.app).then((s) => ({
        ...s,
        auth: { authorization: `Bearer ${s.token}` },
      }));
      const url = `/api/events/${event.id}/waiting-room`;
      const first = (await t.app.inject({ method: 'GET', url, headers: auth })).json().data;
      // 25 PaymentIntents/s = 1,500 a minute, half kept as headroom, over a 15-minute order timeout.
      expect(first).toMatchObject({
        enabled: false,
        state: 'OFF',
        suggested_rate_per_minute: 50,
        rate_per_minute: 50,
      });

      const bad = await t.app.inject({
        method: 'PUT',
        url,
        headers: { ...auth, 'accept-language': 'es' },
        payload: { enabled: true, opens_at: OPENS, rate_per_minute: 0, paused: false },
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().error.fields.rate_per_minute).toBe(
        'Indica cuántas personas pasan por minuto: un número entero entre 1 y 60.000.',
      );
      expect((await t.app.inject({ method: 'GET', url, headers: auth })).json().data.enabled).toBe(false);

      const put = await t.app.inject({
        method: 'PUT',
        url,
        headers: auth,
        payload: { enabled: true, opens_at: OPENS, rate_per_minute: 120, paused: false },
      });
      expect(put.json().data).toMatchObject({ enabled: true, state: 'SCHEDULED', rate_per_minute: 120 });
      const audit = rowsOf<{ action: string; changes: Record<string, unknown> }>(
        await t.app.deps.db.execute(
          sql`select action, changes from audit_log where event_id = ${event.id} order by created_at`,
        ),
      );
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'waiting_room.updated',
        changes: { enabled: { after: true }, rate_per_minute: { after: 120 } },
      });

      // Another account's event is not found.
      const other = await createSellingEvent(t.app);
      const foreign = await t.app.inject({
        method: 'GET',
        url: `/api/events/${other.event.id}/waiting-room`,
        headers: auth,
      });
      expect(foreign.statusCode).toBe(404);
    });
  });

  describe('the line', () => {
    it('draws the pre-queue once at opening (a permutation) and later arrivals follow in arrival order', async () => {
      const { event, auth } = await roomEvent({ rate: 1 });
      const early = [];
      for (let i = 0; i < 40; i++) early.push(await join(event.id));
      expect(early.every((v) => v.state === 'PRE_QUEUE' && v.position === null)).toBe(true);
      // The same device keeps its one place.
      await join(event.id, at(early, 0).token);
      expect(await waiting(event.id, auth)).toBe(40);

      advance(5 * 60_000);
      // Opening time reached, the ticker not yet there: these are later arrivals, not drawn (a
      // millisecond apart: on PostgreSQL the line's order among them is their joining time's).
      const between = [];
      for (let i = 0; i < 3; i++) {
        between.push(await join(event.id));
        advance(1);
      }
      await tickRoom(t.app.deps, event.id, clock.now());
      const places = await Promise.all(early.map(async (v) => (await status(event.id, v.token)).position));
      const betweenPlaces = await Promise.all(
        between.map(async (v) => (await status(event.id, v.token)).position),
      );
      expect(betweenPlaces).toEqual([41, 42, 43]);
      // One admitted at opening? No: credit starts at the opening, so none yet at rate 1/min.
      expect([...places].sort((a, b) => Number(a) - Number(b))).toEqual(
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
      // Drawn, not kept in arrival order (40! orders: the arrival order comes back with probability 1/40!).
      expect(places).not.toEqual(Array.from({ length: 40 }, (_, i) => i + 1));

      const late = [];
      for (let i = 0; i < 5; i++) late.push(await join(event.id));
      const latePlaces = await Promise.all(late.map(async (v) => (await status(event.id, v.token)).position));
      expect(latePlaces).toEqual([44, 45, 46, 47, 48]);
      const s = await status(event.id, at(late, 4).token);
      expect(s).toMatchObject({ state: 'WAITING', ahead: 47, estimate_seconds: 48 * 60 });
    });

    it('shuffles uniformly', () => {
      const counts = new Map<string, number>();
      for (let i = 0; i < 6000; i++) {
        const key = shuffled(['a', 'b', 'c']).join('');
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      expect(counts.size).toBe(6);
      for (const n of counts.values()) expect(Math.abs(n - 1000)).toBeLessThan(150);
    });

    it('admits at the configured rate in line order; pausing stops admission without a burst after', async () => {
      const { event, auth } = await roomEvent({ rate: 30 });
      const devices = [];
      for (let i = 0; i < 100; i++) devices.push(await join(event.id));
      advance(5 * 60_000);
      await tickRoom(t.app.deps, event.id, clock.now());
      const placeOf = new Map<string, number>();
      for (const d of devices) placeOf.set(d.token, Number((await status(event.id, d.token)).position));
      // Two minutes in ticks of 10 s: 30 a minute is 5 a tick.
      const perTick = [];
      for (let i = 0; i < 12; i++) {
        advance(10_000);
        perTick.push(await tickRoom(t.app.deps, event.id, clock.now()));
      }
      expect(perTick).toEqual(Array(12).fill(5));
      const states = await Promise.all(devices.map(async (d) => (await status(event.id, d.token)).state));
      const admittedPlaces = devices
        .filter((_, i) => states[i] === 'ADMITTED')
        .map((d) => placeOf.get(d.token));
      // The admitted are exactly the first 60 places.
      expect(admittedPlaces.sort((a, b) => Number(a) - Number(b))).toEqual(
        Array.from({ length: 60 }, (_, i) => i + 1),
      );

      // Ticks at uneven moments still add up: 7 s + 13 s + 40 s = one minute = 30.
      let uneven = 0;
      for (const ms of [7_000, 13_000, 40_000]) {
        advance(ms);
        uneven += await tickRoom(t.app.deps, event.id, clock.now());
      }
      expect(uneven).toBe(30);

      await t.app.inject({
        method: 'PUT',
        url: `/api/events/${event.id}/waiting-room`,
        headers: auth,
        payload: { enabled: true, opens_at: OPENS, rate_per_minute: 30, paused: true },
      });
      advance(10 * 60_000);
      expect(await tickRoom(t.app.deps, event.id, clock.now())).toBe(0);
      await t.app.inject({
        method: 'PUT',
        url: `/api/events/${event.id}/waiting-room`,
        headers: auth,
        payload: { enabled: true, opens_at: OPENS, rate_per_minute: 30, paused: false },
      });
      advance(10_000);
      expect(await tickRoom(t.app.deps, event.id, clock.now())).toBe(5);
      const room = (
        await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/waiting-room`, headers: auth })
      ).json().data;
      expect(room.stats.waiting).toBe(5);
      expect(devices).toHaveLength(100);
    });
  });

  describe('the admission pass', () => {
    async function admitted(rate = 60) {
      const room = await roomEvent({ rate });
      const device = await join(room.event.id);
      advance(5 * 60_000 + 1_000);
      await tickRoom(t.app.deps, room.event.id, clock.now());
      const s = await status(room.event.id, device.token);
      expect(s.state).toBe('ADMITTED');
      return { ...room, token: device.token, pass: s.pass as string };
    }

    it('is required while the room is on, with a translated message and the queue link', async () => {
      const { event, ticket } = await roomEvent();
      const res = await reserve(event.id, ticket, { 'accept-language': 'es' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('WAITING_ROOM_PASS_REQUIRED');
      expect(res.json().error.message).toContain(`http://localhost:3000/e/${event.id}/queue`);
      const english = await reserve(event.id, ticket, { 'accept-language': 'en' });
      expect(english.json().error.message).not.toBe(res.json().error.message);
    });

    it('lets one reservation through, refuses its replay, a forgery, another device and another event', async () => {
      const { event, ticket, token, pass } = await admitted();
      const other = await join(event.id);
      const [head, payload, mac] = pass.split('.');
      const forged = `${head}.${payload}.${mac?.slice(0, -2)}AA`;
      const tampered = `${head}.${Buffer.from(
        JSON.stringify({
          ...JSON.parse(Buffer.from(payload as string, 'base64url').toString()),
          x: 4_000_000_000,
        }),
      ).toString('base64url')}.${mac}`;
      for (const headers of <Record<string, string>[]>[
        { 'x-admission-pass': forged, 'x-waiting-room-token': token },
        { 'x-admission-pass': tampered, 'x-waiting-room-token': token },
        { 'x-admission-pass': pass, 'x-waiting-room-token': other.token },
        { 'x-admission-pass': pass },
      ]) {
        const res = await reserve(event.id, ticket, headers);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('WAITING_ROOM_PASS_INVALID');
      }
      const elsewhere = await roomEvent();
      const moved = await reserve(elsewhere.event.id, elsewhere.ticket, {
        'x-admission-pass': pass,
        'x-waiting-room-token': token,
      });
      expect(moved.json().error.code).toBe('WAITING_ROOM_PASS_INVALID');

      const ok = await reserve(event.id, ticket, { 'x-admission-pass': pass, 'x-waiting-room-token': token });
      expect(ok.statusCode).toBe(201);
      const replay = await reserve(event.id, ticket, {
        'x-admission-pass': pass,
        'x-waiting-room-token': token,
      });
      expect(replay.statusCode).toBe(409);
      expect(replay.json().error.code).toBe('WAITING_ROOM_PASS_USED');
      expect((await status(event.id, token)).state).toBe('USED');
      // Cookies carry the same proof (the browser's way).
      const cookieDevice = await admitted();
      const viaCookies = await t.app.inject({
        method: 'POST',
        url: `/api/public/events/${cookieDevice.event.id}/order`,
        cookies: {
          taquilla_wr: cookieDevice.token,
          [`taquilla_pass_${cookieDevice.event.id}`]: cookieDevice.pass,
        },
        payload: {
          tickets: [
            {
              ticket_id: cookieDevice.ticket.id,
              price_id: at(cookieDevice.ticket.prices, 0).id,
              quantity: 1,
            },
          ],
        },
      });
      expect(viaCookies.statusCode).toBe(201);
    });

    it('one pass sent many times at once reserves once; passes of many visitors at once each reserve', async () => {
      const { event, ticket, token, pass } = await admitted();
      const headers = { 'x-admission-pass': pass, 'x-waiting-room-token': token };
      const tries = await Promise.all(Array.from({ length: 8 }, () => reserve(event.id, ticket, headers)));
      expect(tries.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      expect(tries.filter((r) => r.statusCode === 409).map((r) => r.json().error.code)).toEqual(
        Array(7).fill('WAITING_ROOM_PASS_USED'),
      );
      const room = await roomEvent({ rate: 600 });
      const devices = [];
      for (let i = 0; i < 6; i++) devices.push(await join(room.event.id));
      advance(5 * 60_000 + 1_000);
      await tickRoom(t.app.deps, room.event.id, clock.now());
      const proofs = await Promise.all(
        devices.map(async (d) => ({
          'x-admission-pass': (await status(room.event.id, d.token)).pass as string,
          'x-waiting-room-token': d.token,
        })),
      );
      const all = await Promise.all(proofs.map((h) => reserve(room.event.id, room.ticket, h)));
      expect(all.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    });

    it('lapses after its turn; a failed reservation gives the turn back', async () => {
      const { event, ticket, token, pass } = await admitted();
      const headers = { 'x-admission-pass': pass, 'x-waiting-room-token': token };
      // More than one order may hold: refused, and the pass is still good.
      expect((await reserve(event.id, ticket, headers, 101)).statusCode).toBe(422);
      advance(4 * 60_000);
      expect((await reserve(event.id, ticket, headers)).statusCode).toBe(201);

      const late = await admitted();
      advance(5 * 60_000 + 1);
      const res = await reserve(late.event.id, late.ticket, {
        'x-admission-pass': late.pass,
        'x-waiting-room-token': late.token,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('WAITING_ROOM_PASS_EXPIRED');
      expect((await status(late.event.id, late.token)).state).toBe('EXPIRED');
      // Joining again puts the device at the end of the line.
      expect((await join(late.event.id, late.token)).state).toBe('WAITING');
    });

    it('is not needed while the room is off', async () => {
      const { event, ticket, auth } = await roomEvent();
      await t.app.inject({
        method: 'PUT',
        url: `/api/events/${event.id}/waiting-room`,
        headers: auth,
        payload: { enabled: false, opens_at: OPENS, rate_per_minute: 60, paused: false },
      });
      expect((await reserve(event.id, ticket)).statusCode).toBe(201);
      const plain = await createSellingEvent(t.app);
      const plainTicket = await addTicket(t.app, plain.event);
      expect((await reserve(plain.event.id, plainTicket)).statusCode).toBe(201);
    });
  });

  describe('sell-out', () => {
    it('closes the room once every unit is sold, telling those waiting and offering the waiting list', async () => {
      const { event, ticket, auth } = await roomEvent({ quantity: 2, rate: 60, waitlist: true });
      const buyerDevice = await join(event.id);
      const waiting = [];
      for (let i = 0; i < 3; i++) waiting.push(await join(event.id));
      const everyone = [buyerDevice, ...waiting];
      advance(5 * 60_000);
      await tickRoom(t.app.deps, event.id, clock.now());
      advance(1_000);
      await tickRoom(t.app.deps, event.id, clock.now());
      // Whoever was drawn first buys both units.
      const admittedDevice = (
        await Promise.all(everyone.map(async (d) => ({ d, s: await status(event.id, d.token) })))
      ).find((x) => x.s.state === 'ADMITTED');
      expect(admittedDevice).toBeTruthy();
      const headers = {
        'x-admission-pass': admittedDevice?.s.pass as string,
        'x-waiting-room-token': admittedDevice?.d.token as string,
      };
      const order = await reserve(event.id, ticket, headers, 2);
      expect(order.statusCode).toBe(201);
      // Held, not sold: no one else is let in, and the room stays open (the units may come back).
      advance(10_000);
      expect(await tickRoom(t.app.deps, event.id, clock.now())).toBe(0);
      let room = (
        await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/waiting-room`, headers: auth })
      ).json().data;
      expect(room.state).toBe('OPEN');
      expect(room.stats).toMatchObject({ buying: 1, sold: 0 });

      const short = order.json().data.short_id;
      const base = `/api/public/events/${event.id}/order/${short}`;
      expect((await t.app.inject({ method: 'PUT', url: base, payload: buyer })).statusCode).toBe(200);
      const paid = await t.app.inject({
        method: 'POST',
        url: `${base}/payment`,
        payload: { provider: 'test', card_number: '4242424242424242' },
      });
      expect(paid.statusCode).toBe(200);
      advance(1_000);
      await tickRoom(t.app.deps, event.id, clock.now());
      room = (
        await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/waiting-room`, headers: auth })
      ).json().data;
      expect(room.state).toBe('CLOSED');
      expect(room.stats).toMatchObject({ sold: 2, buying: 0 });
      const stillWaiting = everyone.find((d) => d !== admittedDevice?.d) as { token: string };
      const told = await status(event.id, stillWaiting.token);
      expect(told).toMatchObject({ state: 'CLOSED', waitlist_enabled: true });
      const page = await t.app.inject({
        method: 'GET',
        url: `/e/${event.id}/queue`,
        headers: { 'x-waiting-room-token': stillWaiting.token },
      });
      expect(page.body).toContain('Entradas agotadas');
      expect(page.body).toContain('Apúntate a la lista de espera');
      // Closed: the reservation path is back to normal (it answers sold out, not "queue").
      expect((await reserve(event.id, ticket)).json().error.code).not.toMatch(/^WAITING_ROOM/);
    });
  });

  describe('admission as units run out', () => {
    it('admits no more than the units left and a small margin, and resumes when turns lapse', async () => {
      const { event, ticket, auth } = await roomEvent({ quantity: 10, rate: 600 });
      const devices = [];
      for (let i = 0; i < 30; i++) devices.push(await join(event.id));
      advance(5 * 60_000);
      await tickRoom(t.app.deps, event.id, clock.now());
      // A minute's worth is 600 turns: only the 10 units and a margin of 1 are given.
      advance(60_000);
      expect(await tickRoom(t.app.deps, event.id, clock.now())).toBe(11);
      const states = await Promise.all(devices.map(async (d) => ({ d, s: await status(event.id, d.token) })));
      const turns = states.filter((x) => x.s.state === 'ADMITTED');
      expect(turns).toHaveLength(11);
      // One of them holds 4 units: 6 left, 10 turns still open (more than 6 + 1): nobody else now.
      const first = at(turns, 0);
      const order = await reserve(
        event.id,
        ticket,
        { 'x-admission-pass': first.s.pass as string, 'x-waiting-room-token': first.d.token },
        4,
      );
      expect(order.statusCode).toBe(201);
      advance(10_000);
      expect(await tickRoom(t.app.deps, event.id, clock.now())).toBe(0);
      let room = (
        await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/waiting-room`, headers: auth })
      ).json().data;
      expect(room).toMatchObject({ state: 'OPEN', stats: { waiting: 19, admitted: 10, buying: 1 } });
      // The 10 turns lapse unused: 6 units left (4 still held), so 6 + 1 are let in, not a minute's 600.
      advance(5 * 60_000);
      expect(await tickRoom(t.app.deps, event.id, clock.now())).toBe(7);
      room = (
        await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/waiting-room`, headers: auth })
      ).json().data;
      expect(room.stats).toMatchObject({ waiting: 12, admitted: 7 });
    });
  });

  describe('expiry of the stored line', () => {
    it('gives every stored key a time to live, and a closed room is gone within the hour', async () => {
      const { event, ticket } = await roomEvent({ quantity: 1, rate: 60 });
      const devices = [];
      for (let i = 0; i < 3; i++) devices.push(await join(event.id));
      advance(5 * 60_000);
      await tickRoom(t.app.deps, event.id, clock.now());
      advance(1_000);
      expect(await tickRoom(t.app.deps, event.id, clock.now())).toBe(1);
      const states = await Promise.all(devices.map(async (d) => ({ d, s: await status(event.id, d.token) })));
      const turn = states.find((x) => x.s.state === 'ADMITTED');
      const headers = {
        'x-admission-pass': turn?.s.pass as string,
        'x-waiting-room-token': turn?.d.token as string,
      };
      const order = await reserve(event.id, ticket, headers);
      expect(order.statusCode).toBe(201);
      // A late arrival and a rejoin write more keys (a counter, a place).
      await join(event.id);
      if (redis) {
        const keys = await redis.ttls(event.id);
        // Visitors, pre-queue, line, turns, counters, the pass marker, the sweep marker.
        expect(keys.size).toBeGreaterThanOrEqual(8);
        for (const [key, ttl] of keys) {
          expect(ttl, key).toBeGreaterThan(0);
          // A day after the last activity at most (the fake clock runs a few minutes ahead).
          expect(ttl, key).toBeLessThanOrEqual(ROOM_KEEP_MS + 10 * 60_000);
        }
        expect([...keys.keys()].some((k) => k.includes(':pass:'))).toBe(true);
      }
      const short = order.json().data.short_id;
      const base = `/api/public/events/${event.id}/order/${short}`;
      expect((await t.app.inject({ method: 'PUT', url: base, payload: buyer })).statusCode).toBe(200);
      const paid = await t.app.inject({
        method: 'POST',
        url: `${base}/payment`,
        payload: { provider: 'test', card_number: '4242424242424242' },
      });
      expect(paid.statusCode).toBe(200);
      advance(1_000);
      await tickRoom(t.app.deps, event.id, clock.now());
      expect((await status(event.id, at(devices, 0).token)).state).toBe('CLOSED');
      if (redis) {
        for (const [key, ttl] of await redis.ttls(event.id)) {
          expect(ttl, key).toBeGreaterThan(0);
          expect(ttl, key).toBeLessThanOrEqual(CLOSED_KEEP_MS + 10 * 60_000);
        }
      }
      // The database's lines (PostgreSQL store): the ticker's purge deletes a closed room's rows an
      // hour after closing, not an open room's.
      const open = await roomEvent();
      await join(open.event.id);
      const rows = async (eventId: string) =>
        Number(
          rowsOf<{ n: number | string }>(
            await t.app.deps.db.execute(
              sql`select count(*) as n from waiting_room_visitors where event_id = ${eventId}`,
            ),
          )[0]?.n,
        );
      // Three who joined before the sale and the late arrival (none in the database when Redis keeps them).
      const stored = redis ? 0 : 4;
      expect(await rows(event.id)).toBe(stored);
      await purgeIdle(t.app.deps, new Date(now + 30 * 60_000));
      expect(await rows(event.id)).toBe(stored);
      await purgeIdle(t.app.deps, new Date(now + CLOSED_KEEP_MS + 1_000));
      expect(await rows(event.id)).toBe(0);
      expect(await rows(open.event.id)).toBe(redis ? 0 : 1);
    });

    it('deletes the database lines of a room turned off a day ago', async () => {
      const { event, auth } = await roomEvent();
      await join(event.id);
      await t.app.inject({
        method: 'PUT',
        url: `/api/events/${event.id}/waiting-room`,
        headers: auth,
        payload: { enabled: false, opens_at: OPENS, rate_per_minute: 60, paused: false },
      });
      const count = async () =>
        Number(
          rowsOf<{ n: number | string }>(
            await t.app.deps.db.execute(
              sql`select count(*) as n from waiting_room_visitors where event_id = ${event.id}`,
            ),
          )[0]?.n,
        );
      expect(await count()).toBe(redis ? 0 : 1);
      await purgeIdle(t.app.deps, new Date(Date.now() + 60_000));
      expect(await count()).toBe(redis ? 0 : 1);
      await purgeIdle(t.app.deps, new Date(Date.now() + ROOM_KEEP_MS + 60_000));
      expect(await count()).toBe(0);
      if (redis) {
        for (const [key, ttl] of await redis.ttls(event.id)) {
          expect(ttl, key).toBeGreaterThan(0);
        }
      }
    });
  });

  describe('rooms per date', () => {
    it("a date's room guards that date only; its pass reserves on that date, not on another", async () => {
      const selling = await createSellingEvent(t.app);
      const ticket = await addTicket(t.app, selling.event, {
        prices: [{ price_cents: 2500, quantity: 100 }],
      });
      const [dateA, dateB] = [
        await addEventDate(t.app, selling.event, { inDays: 5 }),
        await addEventDate(t.app, selling.event, { inDays: 6 }),
      ];
      const auth = { authorization: `Bearer ${selling.token}` };
      const eventId = selling.event.id;
      const settings = (date: string, opens: string) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/events/${eventId}/waiting-room?date=${date}`,
          headers: auth,
          payload: { enabled: true, opens_at: opens, rate_per_minute: 60, paused: false },
        });
      const putA = await settings(dateA.id, OPENS);
      expect(putA.statusCode).toBe(200);
      expect(putA.json().data).toMatchObject({
        event_date_id: dateA.id,
        enabled: true,
        state: 'SCHEDULED',
        queue_url: `http://localhost:3000/e/${eventId}/queue?date=${dateA.id}`,
      });
      // The event's own room and the other date's stay off.
      const get = (query: string) =>
        t.app.inject({ method: 'GET', url: `/api/events/${eventId}/waiting-room${query}`, headers: auth });
      expect((await get('')).json().data).toMatchObject({ event_date_id: null, state: 'OFF' });
      expect((await get(`?date=${dateB.id}`)).json().data).toMatchObject({ state: 'OFF' });
      // Another event's date is not this event's room.
      const other = await createSellingEvent(t.app);
      const foreign = await addEventDate(t.app, other.event);
      expect((await get(`?date=${foreign.id}`)).statusCode).toBe(404);
      expect((await settings(foreign.id, OPENS)).statusCode).toBe(404);

      // Only date A's buyers queue: the event page and the widget on A go to A's queue.
      const page = (url: string, headers: Record<string, string> = {}) =>
        t.app.inject({ method: 'GET', url, headers });
      const onA = await page(`/e/${eventId}/concierto?date=${dateA.id}`);
      expect(onA.statusCode).toBe(303);
      expect(onA.headers.location).toBe(`/e/${eventId}/queue?date=${dateA.id}`);
      expect((await page(`/widget/${eventId}?date=${dateA.id}`)).headers.location).toBe(
        `/widget/${eventId}/queue?date=${dateA.id}`,
      );
      expect((await page(`/e/${eventId}/concierto?date=${dateB.id}`)).statusCode).not.toBe(303);
      const orderOn = (date: string, headers: Record<string, string> = {}) =>
        t.app.inject({
          method: 'POST',
          url: `/api/public/events/${eventId}/order`,
          headers: { 'accept-language': 'es', ...headers },
          payload: {
            event_date_id: date,
            tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }],
          },
        });
      expect((await orderOn(dateB.id)).statusCode).toBe(201);
      const refused = await orderOn(dateA.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('WAITING_ROOM_PASS_REQUIRED');
      expect(refused.json().error.message).toContain(`/e/${eventId}/queue?date=${dateA.id}`);

      // In A's line, admitted by A's ticker, with a pass bound to A.
      const joined = await t.app.inject({
        method: 'POST',
        url: `/api/public/events/${eventId}/waiting-room/join?date=${dateA.id}`,
      });
      expect(joined.json().data.state).toBe('PRE_QUEUE');
      const token = joined.json().data.token as string;
      expect(
        (
          await t.app.inject({ method: 'POST', url: `/api/public/events/${eventId}/waiting-room/join` })
        ).json().data.state,
      ).toBe('OFF');
      advance(5 * 60_000);
      await tickRoom(t.app.deps, dateA.id, clock.now());
      advance(1_000);
      expect(await tickRoom(t.app.deps, dateA.id, clock.now())).toBe(1);
      const admitted = await t.app.inject({
        method: 'GET',
        url: `/api/public/events/${eventId}/waiting-room?date=${dateA.id}`,
        headers: { 'x-waiting-room-token': token },
      });
      expect(admitted.json().data.state).toBe('ADMITTED');
      const pass = admitted.json().data.pass as string;
      const queuePage = await page(`/e/${eventId}/queue?date=${dateA.id}`, { 'x-waiting-room-token': token });
      expect(queuePage.body).toContain(`/e/${eventId}?date=${dateA.id}&amp;pass=`);

      // Date B gets its own room: A's pass neither opens B's page nor reserves on B.
      expect((await settings(dateB.id, OPENS)).statusCode).toBe(200);
      const proof = { 'x-admission-pass': pass, 'x-waiting-room-token': token };
      const wrongDate = await orderOn(dateB.id, proof);
      expect(wrongDate.statusCode).toBe(403);
      expect(wrongDate.json().error.code).toBe('WAITING_ROOM_PASS_INVALID');
      const cookies = { taquilla_wr: token, [`taquilla_pass_${dateA.id}`]: pass };
      const pageB = await t.app.inject({
        method: 'GET',
        url: `/e/${eventId}/concierto?date=${dateB.id}`,
        cookies,
      });
      expect(pageB.headers.location).toBe(`/e/${eventId}/queue?date=${dateB.id}`);
      const pageA = await t.app.inject({
        method: 'GET',
        url: `/e/${eventId}/concierto?date=${dateA.id}`,
        cookies,
      });
      expect(pageA.statusCode).not.toBe(303);
      const ok = await orderOn(dateA.id, proof);
      expect(ok.statusCode).toBe(201);
      expect(ok.json().data.event_date.id).toBe(dateA.id);
      // A's figures are A's sales only.
      expect((await get(`?date=${dateA.id}`)).json().data.stats).toMatchObject({ buying: 1 });
      // A's room closed (sold out): A's visitors are told so, B's room still guards B.
      await t.app.deps.db.execute(sql`update waiting_rooms set closed_at = now() where room = ${dateA.id}`);
      advance(60_000);
      const closed = await t.app.inject({
        method: 'GET',
        url: `/api/public/events/${eventId}/waiting-room?date=${dateA.id}`,
        headers: { 'x-waiting-room-token': token },
      });
      expect(closed.json().data.state).toBe('CLOSED');
    });
  });

  describe("a date's sell-out", () => {
    it("closes that date's room only, with no more turns than that date's units", async () => {
      const selling = await createSellingEvent(t.app);
      const ticket = await addTicket(t.app, selling.event, { prices: [{ price_cents: 2500, quantity: 2 }] });
      const dateA = await addEventDate(t.app, selling.event, { inDays: 5 });
      const dateB = await addEventDate(t.app, selling.event, { inDays: 6 });
      const eventId = selling.event.id;
      const auth = { authorization: `Bearer ${selling.token}` };
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/events/${eventId}/waiting-room?date=${dateA.id}`,
        headers: auth,
        payload: { enabled: true, opens_at: OPENS, rate_per_minute: 600, paused: false },
      });
      expect(put.statusCode).toBe(200);
      const tokens: string[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/public/events/${eventId}/waiting-room/join?date=${dateA.id}`,
        });
        tokens.push(res.json().data.token);
      }
      advance(5 * 60_000);
      await tickRoom(t.app.deps, dateA.id, clock.now());
      // A minute's worth is 600: date A has 2 units, so 2 turns and a margin of 1.
      advance(60_000);
      expect(await tickRoom(t.app.deps, dateA.id, clock.now())).toBe(3);
      const statusOf = async (token: string) =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/public/events/${eventId}/waiting-room?date=${dateA.id}`,
            headers: { 'x-waiting-room-token': token },
          })
        ).json().data;
      const turns = [];
      for (const token of tokens) {
        const s = await statusOf(token);
        if (s.state === 'ADMITTED') turns.push({ token, pass: s.pass as string });
      }
      expect(turns).toHaveLength(3);
      const first = at(turns, 0);
      const order = await t.app.inject({
        method: 'POST',
        url: `/api/public/events/${eventId}/order`,
        headers: { 'x-admission-pass': first.pass, 'x-waiting-room-token': first.token },
        payload: {
          event_date_id: dateA.id,
          tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 2 }],
        },
      });
      expect(order.statusCode).toBe(201);
      const base = `/api/public/events/${eventId}/order/${order.json().data.short_id}`;
      expect((await t.app.inject({ method: 'PUT', url: base, payload: buyer })).statusCode).toBe(200);
      const paid = await t.app.inject({
        method: 'POST',
        url: `${base}/payment`,
        payload: { provider: 'test', card_number: '4242424242424242' },
      });
      expect(paid.statusCode).toBe(200);
      advance(1_000);
      await tickRoom(t.app.deps, dateA.id, clock.now());
      const room = (
        await t.app.inject({
          method: 'GET',
          url: `/api/events/${eventId}/waiting-room?date=${dateA.id}`,
          headers: auth,
        })
      ).json().data;
      expect(room).toMatchObject({ state: 'CLOSED', stats: { sold: 2, buying: 0 } });
      expect((await statusOf(at(tokens, 5))).state).toBe('CLOSED');
      // Date B sells on, with no room.
      const onB = await t.app.inject({
        method: 'POST',
        url: `/api/public/events/${eventId}/order`,
        payload: {
          event_date_id: dateB.id,
          tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }],
        },
      });
      expect(onB.statusCode).toBe(201);
    });
  });

  describe('the queue page', () => {
    it('is server-rendered in the visitor language, polite to screen readers, and works without JavaScript', async () => {
      const { event, auth } = await roomEvent({ rate: 1 });
      const page = await t.app.inject({
        method: 'GET',
        url: `/e/${event.id}/queue`,
        headers: { 'accept-language': 'es' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<html lang="es">');
      expect(page.body).toContain('Estás en la cola previa');
      expect(page.body).toContain('aria-live="polite"');
      const cookie = String(page.headers['set-cookie']);
      expect(cookie).toMatch(/taquilla_wr=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/);
      const token = /taquilla_wr=([A-Za-z0-9_-]{43})/.exec(cookie)?.[1] as string;
      // Without a cookie the refresh carries the token in the address.
      expect(page.body).toContain(`<noscript><meta http-equiv="refresh" content="`);
      expect(page.body).toContain(`url=/e/${event.id}/queue?t=${token}`);

      // Back with the cookie: the same place, no token in the address; in English and Catalan too.
      const again = await t.app.inject({
        method: 'GET',
        url: `/e/${event.id}/queue`,
        cookies: { taquilla_wr: token },
        headers: { 'accept-language': 'en' },
      });
      expect(again.body).toContain('<html lang="en">');
      expect(again.body).not.toContain('?t=');
      expect(await waiting(event.id, auth)).toBe(1);
      const ca = await t.app.inject({
        method: 'GET',
        url: `/e/${event.id}/queue`,
        cookies: { taquilla_wr: token, locale: 'ca' },
      });
      expect(ca.body).toContain('<html lang="ca">');

      advance(5 * 60_000);
      await tickRoom(t.app.deps, event.id, clock.now());
      const partial = await t.app.inject({
        method: 'GET',
        url: `/e/${event.id}/queue?partial=1`,
        cookies: { taquilla_wr: token },
      });
      expect(partial.json()).toMatchObject({ state: 'WAITING', heading: 'Estás en la cola' });
      expect(partial.json().html).toContain('Tu posición: 1');
      advance(60_000);
      await tickRoom(t.app.deps, event.id, clock.now());
      const turn = await t.app.inject({
        method: 'GET',
        url: `/e/${event.id}/queue`,
        cookies: { taquilla_wr: token },
      });
      expect(turn.body).toContain('¡Es tu turno!');
      expect(String(turn.headers['set-cookie'])).toContain(`taquilla_pass_${event.id}=v1.`);
      expect(
        (await t.app.inject({ method: 'GET', url: '/waiting-room.js' })).headers['content-type'],
      ).toContain('javascript');
    });

    it('sends visitors of the event page to the queue while the room is on', async () => {
      const { event } = await roomEvent();
      const res = await t.app.inject({ method: 'GET', url: `/e/${event.id}/concierto-de-otono` });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/e/${event.id}/queue`);
      const widget = await t.app.inject({ method: 'GET', url: `/widget/${event.id}` });
      expect(widget.statusCode).toBe(303);
      expect(widget.headers.location).toBe(`/widget/${event.id}/queue`);
    });

    it("in the widget may be framed only by the origins the event's widget settings allow", async () => {
      const { event, auth } = await roomEvent();
      const frameAncestors = (res: { headers: Record<string, unknown> }) =>
        /frame-ancestors ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
      const inWidget = () => t.app.inject({ method: 'GET', url: `/widget/${event.id}/queue` });
      const open = await inWidget();
      expect(open.statusCode).toBe(200);
      expect(open.body).toContain(`/widget/${event.id}/queue`);
      expect(frameAncestors(open)).toBe('*');
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/events/${event.id}/widget`,
        headers: auth,
        payload: {
          allowed_origins: ['https://misala.es'],
          locale: null,
          button_text: null,
          primary_color: null,
          background_color: null,
          text_color: null,
          padding: 16,
          auto_resize: true,
        },
      });
      expect(put.statusCode).toBe(200);
      expect(frameAncestors(await inWidget())).toBe("'self' https://misala.es");
      // The event page's queue is not for framing.
      const own = await t.app.inject({ method: 'GET', url: `/e/${event.id}/queue` });
      expect(frameAncestors(own)).toBe("'self'");
    });

    it('limits new places per address, not a device coming back', async () => {
      const limited = await createTestApp({ env: { ...storeEnv, WAITING_ROOM_JOINS_PER_MINUTE: '3' } });
      try {
        const selling = await createSellingEvent(limited.app);
        await limited.app.inject({
          method: 'PUT',
          url: `/api/events/${selling.event.id}/waiting-room`,
          headers: { authorization: `Bearer ${selling.token}` },
          payload: { enabled: true, opens_at: OPENS, rate_per_minute: 60, paused: false },
        });
        const url = `/api/public/events/${selling.event.id}/waiting-room/join`;
        const tokens = [];
        for (let i = 0; i < 3; i++)
          tokens.push((await limited.app.inject({ method: 'POST', url })).json().data.token);
        const fourth = await limited.app.inject({ method: 'POST', url });
        expect(fourth.statusCode).toBe(429);
        const back = await limited.app.inject({
          method: 'POST',
          url,
          headers: { 'x-waiting-room-token': tokens[0] },
        });
        expect(back.statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });
  });
}
