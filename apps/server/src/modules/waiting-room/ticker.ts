import { randomInt } from 'node:crypto';
import { WAITING_ROOM_TURN_MINUTES } from '@taquilla/shared/schemas/waiting-room';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { SOLD_ORDERS } from '../order-lifecycle/order-lifecycle.ts';
import { getPublicEvent } from '../public-events/public-events.service.ts';
import { loadSellableTickets } from '../tickets/tickets.service.ts';
import { clock } from './clock.ts';
import { CLOSED_KEEP_MS, ROOM_KEEP_MS } from './queue.ts';
import { queueStore } from './queue-store.ts';
import * as repo from './waiting-room.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'config'>;

export const TICK_MS = 1000;

/** A uniform random order (Fisher–Yates with the system's cryptographic generator). */
export function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Sold out: no visible ticket can still be bought and at least one sold out; null when not public. */
async function soldOut(q: Queryable, eventId: string, dateId: string | null): Promise<boolean | null> {
  const event = await getPublicEvent(q, eventId, undefined, dateId ?? undefined).catch(() => null);
  if (!event) return null;
  const states = event.tickets.map((t) => t.sale_state);
  return states.includes('SOLD_OUT') && states.every((s) => s === 'SOLD_OUT' || s === 'ENDED');
}

/**
 * Units buyers can still reserve now (neither sold nor held) over the tickets on sale, or null when
 * some has no limit. Tickets sharing a capacity count it once each: the sum may overstate what is left,
 * never understate it (nobody is kept waiting for units that exist). An event with dates sells each
 * date's stock: its event-wide room is not limited by a count (null).
 */
async function unitsLeft(q: Queryable, eventId: string, dateId: string | null): Promise<number | null> {
  if (!dateId && (await repo.hasDates(q, eventId))) return null;
  let left = 0;
  for (const t of await loadSellableTickets(q, eventId, dateId)) {
    if (t.is_hidden || t.sale_state !== 'ON_SALE') continue;
    if (t.remaining === null) return null;
    left += Math.max(0, t.remaining);
  }
  return left;
}

/**
 * Admitted buyers who may abandon their turn (a lapsed pass is a lost turn, the units go to the next):
 * while units are left, up to this share more (at least one) than the units left may hold an open turn.
 */
export const ADMISSION_MARGIN = 0.1;

/** How many more may be admitted now: the units left and the margin, less the turns still open. */
export function admissionRoom(left: number | null, openTurns: number): number {
  if (left === null) return Number.POSITIVE_INFINITY;
  const margin = left > 0 ? Math.max(1, Math.ceil(left * ADMISSION_MARGIN)) : 0;
  return Math.max(0, left + margin - openTurns);
}

/**
 * One tick of one room, under its lock (queue-store.ts): an instance that finds it held skips the room
 * (another one is ticking it), so however many instances run, each admission happens once and the rate holds: the
 * credit earned since the last tick is computed from the stored time, not from how often ticks run.
 * The first tick after the opening time draws the pre-queue's order; later arrivals keep their arrival order.
 */
export async function tickRoom(deps: Deps, key: string, now: Date): Promise<number> {
  const admitted = await queueStore(deps).withRoomLock(key, async (room, line, q) => {
    const { event_id: eventId, event_date_id: dateId } = room;
    if (!room.enabled || room.closed_at || room.opens_at > now) return 0;
    let lastTick = room.last_tick_at ?? room.opens_at;
    if (!room.opened_at) {
      // Only those who came before the opening time are drawn: a tick comes up to a second (more on a
      // loaded machine) after it, and who came in between is already a later arrival.
      await line.placeDrawn(key, shuffled(await line.unplaced(key, room.opens_at)));
      lastTick = room.opens_at;
      await repo.updateRoomState(q, key, { opened_at: now });
    }
    await line.placeLate(key);
    const store = queueStore(deps);
    const figures = await line.figures(key, now);
    // Those waiting long keep their stored place (Redis keys expire after a day without activity).
    if (figures.waiting + figures.admitted > 0) await store.keepAlive(key, now);
    const sold = await soldOut(q, eventId, dateId);
    if (sold) {
      // Units still held by reservations may come back: the room closes once none is held.
      const { buying } = await repo.salesFigures(q, eventId, dateId, now, {
        held: 'RESERVED',
        sold: SOLD_ORDERS,
      });
      await repo.updateRoomState(q, key, {
        credit: 0,
        last_tick_at: now,
        ...(buying ? {} : { closed_at: now }),
      });
      // Everyone left is told «agotado» from the room's row: the line is kept a little, then it goes.
      if (!buying) await store.expireRoom(key, new Date(now.getTime() + CLOSED_KEEP_MS));
      return 0;
    }
    if (room.paused || sold === null) {
      await repo.updateRoomState(q, key, { credit: 0, last_tick_at: now });
      return 0;
    }
    const elapsed = Math.max(0, now.getTime() - lastTick.getTime());
    // At most a minute's worth at once: a ticker that stalled does not let a crowd in together.
    const credit = Math.min(
      room.credit + (elapsed * room.rate_per_minute) / 60_000,
      Math.max(1, room.rate_per_minute),
    );
    const due = Math.floor(credit);
    // No more turns than units left (with a small margin for those who abandon): the rest would wait
    // for a turn only to find nothing to buy. Units held by reservations are not left; if they lapse
    // they are again, and admission resumes.
    const allowed = Math.min(due, admissionRoom(await unitsLeft(q, eventId, dateId), figures.admitted));
    const expires = new Date(now.getTime() + WAITING_ROOM_TURN_MINUTES * 60_000);
    const count = await line.admitNext(key, allowed, now, expires);
    // Credit nobody could use (the line ran dry) is not saved up for a burst later.
    const left = count < due ? credit - due : credit - count;
    await repo.updateRoomState(q, key, { credit: left, last_tick_at: now });
    return count;
  });
  return admitted ?? 0;
}

const PURGE_EVERY_MS = 10 * 60_000;
const lastPurge = new WeakMap<object, number>();

/**
 * Deletes the database lines no longer needed (repo.purgeVisitors): the ticker's job, at most once per
 * PURGE_EVERY_MS per instance. Redis lines need none: their keys expire (queue-store.redis.ts).
 */
export async function purgeIdle(deps: Deps, now: Date): Promise<number> {
  lastPurge.set(deps.db, now.getTime());
  return repo.purgeVisitors(deps.db, now, { closedKeepMs: CLOSED_KEEP_MS, keepMs: ROOM_KEEP_MS });
}

/** Every due room, once. Returns how many were admitted. */
export async function tick(deps: Deps, now: Date = clock.now()): Promise<number> {
  if (now.getTime() - (lastPurge.get(deps.db) ?? 0) >= PURGE_EVERY_MS) await purgeIdle(deps, now);
  let admitted = 0;
  for (const key of await repo.dueRoomIds(deps.db, now)) admitted += await tickRoom(deps, key, now);
  return admitted;
}

/** The ticker of a running server (every instance runs one; the rooms' locks keep them from overlapping). */
export function startTicker(app: FastifyInstance) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await tick(app.deps);
    } catch (err) {
      app.log.error({ err }, 'waiting room tick failed');
    } finally {
      running = false;
    }
  }, TICK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
