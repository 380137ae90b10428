import type { Db } from '../../db/client.ts';
import type { QueueStore, TickOps, Visitor } from './queue.ts';
import * as repo from './waiting-room.repository.ts';

const tickOps = (q: Parameters<typeof repo.unplacedIds>[0]): TickOps => ({
  unplaced: (eventId, before) => repo.unplacedIds(q, eventId, before),
  placeDrawn: (_eventId, ids) => repo.placeDrawn(q, ids),
  placeLate: (eventId) => repo.placeLate(q, eventId),
  figures: (eventId, now) => repo.lineFigures(q, eventId, now),
  admitNext: (eventId, count, now, expiresAt) => repo.admitNext(q, eventId, count, now, expiresAt),
});

/** The lines in the `waiting_room_visitors` table; the ticker's lock is the room row's (SKIP LOCKED). */
export function postgresQueue(db: Db): QueueStore {
  return {
    find: (eventId, hash) => repo.findVisitor(db, eventId, hash),
    join: (room, hash, opened, now, _opensAt, eventId) => repo.joinLine(db, room, eventId, hash, opened, now),
    async requeue(eventId, hash, now) {
      await repo.requeue(db, eventId, hash, now);
      return (await repo.findVisitor(db, eventId, hash)) as Visitor;
    },
    countAhead: (eventId, position) => repo.countAhead(db, eventId, position),
    lineFigures: (eventId, now) => repo.lineFigures(db, eventId, now),
    consumePass: (_eventId, passId, now) => repo.consumePass(db, passId, now),
    releasePass: (_eventId, passId) => repo.releasePass(db, passId),
    withRoomLock: (eventId, fn) =>
      db.transaction(async (tx) => {
        const room = await repo.lockRoom(tx, eventId);
        return room ? fn(room, tickOps(tx), tx) : null;
      }),
    // Rows are not kept by expiry: the ticker's `purgeIdle` deletes the lines of rooms that closed,
    // were turned off or whose event is over (repo.purgeVisitors).
    keepAlive: async () => {},
    expireRoom: async () => {},
    close: async () => {},
  };
}
