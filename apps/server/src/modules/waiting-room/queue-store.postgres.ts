import type { Db } from '../../db/client.ts';
import { MicroCache } from '../../lib/micro-cache.ts';
import { PassSpender } from './pass-spender.ts';
import type { QueueStore, TickOps, Visitor } from './queue.ts';
import * as repo from './waiting-room.repository.ts';

const tickOps = (q: Parameters<typeof repo.unplacedIds>[0]): TickOps => ({
  unplaced: (eventId, before) => repo.unplacedIds(q, eventId, before),
  placeDrawn: (_eventId, ids) => repo.placeDrawn(q, ids),
  placeLate: (eventId) => repo.placeLate(q, eventId),
  figures: (eventId, now) => repo.lineFigures(q, eventId, now),
  admitNext: (eventId, count, now, expiresAt) => repo.admitNext(q, eventId, count, now, expiresAt),
});

/**
 * How long a room's waiting places are reused to answer «how many ahead»: a second, the ticker's step.
 * Counting them for every visitor's poll (thousands a second at an on-sale) made PostgreSQL walk the
 * whole line each time; one read a second per room and a binary search serve them all, and only those
 * who joined since are counted afresh (those admitted since still count: at most a second of the rate).
 */
const PLACES_TTL_MS = 1000;

/** How many of `sorted` are below `position`. */
function countBelow(sorted: number[], position: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) < position) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The lines in the `waiting_room_visitors` table; the ticker's lock is the room row's (SKIP LOCKED). */
export function postgresQueue(db: Db): QueueStore {
  const places = new MicroCache<number[]>(PLACES_TTL_MS, 1000);
  const spender = new PassSpender(db);
  return {
    find: (eventId, hash) => repo.findVisitor(db, eventId, hash),
    join: (room, hash, opened, now, _opensAt, eventId) => repo.joinLine(db, room, eventId, hash, opened, now),
    async requeue(eventId, hash, now) {
      await repo.requeue(db, eventId, hash, now);
      return (await repo.findVisitor(db, eventId, hash)) as Visitor;
    },
    async countAhead(room, position) {
      const known = await places.get(room, () => repo.waitingPositions(db, room));
      // Who came after the snapshot is counted afresh: a short range at the line's end.
      const last = known.at(-1) ?? Number.MIN_SAFE_INTEGER;
      const since = position > last + 1 ? await repo.countWaitingBetween(db, room, last, position) : 0;
      return countBelow(known, position) + since;
    },
    lineFigures: (eventId, now) => repo.lineFigures(db, eventId, now),
    consumePass: (_eventId, passId, now) => spender.spend(passId, now),
    releasePass: (_eventId, passId) => repo.releasePass(db, passId),
    async withRoomLock(eventId, fn) {
      const out = await db.transaction(async (tx) => {
        const room = await repo.lockRoom(tx, eventId);
        return room ? fn(room, tickOps(tx), tx) : null;
      });
      // A tick places and admits: this instance's snapshots start again from the line as it is now.
      places.clear();
      return out;
    },
    // Rows are not kept by expiry: the ticker's `purgeIdle` deletes the lines of rooms that closed,
    // were turned off or whose event is over (repo.purgeVisitors).
    keepAlive: async () => {},
    expireRoom: async () => {},
    close: async () => {},
  };
}
