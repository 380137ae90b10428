import { randomInt } from 'node:crypto';
import { WAITING_ROOM_TURN_MINUTES } from '@taquilla/shared/schemas/waiting-room';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { SOLD_ORDERS } from '../order-lifecycle/order-lifecycle.ts';
import { getPublicEvent } from '../public-events/public-events.service.ts';
import { clock } from './clock.ts';
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
async function soldOut(q: Queryable, eventId: string): Promise<boolean | null> {
  const event = await getPublicEvent(q, eventId).catch(() => null);
  if (!event) return null;
  const states = event.tickets.map((t) => t.sale_state);
  return states.includes('SOLD_OUT') && states.every((s) => s === 'SOLD_OUT' || s === 'ENDED');
}

/**
 * One tick of one room, under its lock (queue-store.ts): an instance that finds it held skips the room
 * (another one is ticking it), so however many instances run, each admission happens once and the rate holds: the
 * credit earned since the last tick is computed from the stored time, not from how often ticks run.
 * The first tick after the opening time draws the pre-queue's order; later arrivals keep their arrival order.
 */
export async function tickRoom(deps: Deps, eventId: string, now: Date): Promise<number> {
  const admitted = await queueStore(deps).withRoomLock(eventId, async (room, line, q) => {
    if (!room.enabled || room.closed_at || room.opens_at > now) return 0;
    let lastTick = room.last_tick_at ?? room.opens_at;
    if (!room.opened_at) {
      // Only those who came before the opening time are drawn: a tick comes up to a second (more on a
      // loaded machine) after it, and who came in between is already a later arrival.
      await line.placeDrawn(eventId, shuffled(await line.unplaced(eventId, room.opens_at)));
      lastTick = room.opens_at;
      await repo.updateRoomState(q, eventId, { opened_at: now });
    }
    await line.placeLate(eventId);
    const sold = await soldOut(q, eventId);
    if (sold) {
      // Units still held by reservations may come back: the room closes once none is held.
      const { buying } = await repo.salesFigures(q, eventId, now, { held: 'RESERVED', sold: SOLD_ORDERS });
      await repo.updateRoomState(q, eventId, {
        credit: 0,
        last_tick_at: now,
        ...(buying ? {} : { closed_at: now }),
      });
      return 0;
    }
    if (room.paused || sold === null) {
      await repo.updateRoomState(q, eventId, { credit: 0, last_tick_at: now });
      return 0;
    }
    const elapsed = Math.max(0, now.getTime() - lastTick.getTime());
    // At most a minute's worth at once: a ticker that stalled does not let a crowd in together.
    const credit = Math.min(
      room.credit + (elapsed * room.rate_per_minute) / 60_000,
      Math.max(1, room.rate_per_minute),
    );
    const due = Math.floor(credit);
    const expires = new Date(now.getTime() + WAITING_ROOM_TURN_MINUTES * 60_000);
    const count = await line.admitNext(eventId, due, now, expires);
    // Credit nobody could use (the line ran dry) is not saved up for a burst later.
    const left = count < due ? credit - due : credit - count;
    await repo.updateRoomState(q, eventId, { credit: left, last_tick_at: now });
    return count;
  });
  return admitted ?? 0;
}

/** Every due room, once. Returns how many were admitted. */
export async function tick(deps: Deps, now: Date = clock.now()): Promise<number> {
  let admitted = 0;
  for (const eventId of await repo.dueRoomIds(deps.db, now)) admitted += await tickRoom(deps, eventId, now);
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
