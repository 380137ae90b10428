import type { Queryable } from '../../db/client.ts';
import type { RoomRow } from './waiting-room.repository.ts';

/** A room's stored line lives this long after its last activity (or its opening, when later). */
export const ROOM_KEEP_MS = 24 * 3600_000;
/** A room that closed (sold out) keeps its line this long, then it is gone. */
export const CLOSED_KEEP_MS = 3600_000;
/** How often a ticking room's expiries are pushed back as a whole (those waiting long keep their place). */
export const SWEEP_EVERY_MS = 3600_000;

export const roomKeepUntil = (now: Date, opensAt?: Date) =>
  new Date(Math.max(now.getTime(), opensAt?.getTime() ?? 0) + ROOM_KEEP_MS);

/** A device's place in one room's line. */
export interface Visitor {
  device_hash: string;
  joined_at: Date;
  /** Null in the pre-queue (before the draw); the drawn places come before every later arrival's. */
  position: number | null;
  admitted_at: Date | null;
  pass_id: string | null;
  pass_expires_at: Date | null;
  used_at: Date | null;
}

export interface LineFigures {
  /** In line or in the pre-queue, not admitted. */
  waiting: number;
  /** In the pre-queue (no place yet). */
  unplaced: number;
  /** Admitted with a turn still open and unused. */
  admitted: number;
}

/** What only the room's ticker does, holding the room's lock. */
export interface TickOps {
  /** The pre-queue of those who joined before `before`, in arrival order (handles for `placeDrawn`). */
  unplaced(eventId: string, before: Date): Promise<string[]>;
  /** Gives `handles[i]` the i-th of the places before every later arrival. */
  placeDrawn(eventId: string, handles: string[]): Promise<void>;
  /** Arrivals still without a place (their join raced the draw): at the end, in arrival order. */
  placeLate(eventId: string): Promise<void>;
  /** The line's figures, read on the lock's connection. */
  figures(eventId: string, now: Date): Promise<LineFigures>;
  /** Admits the first `count` in line, each with a new pass id and a turn until `expiresAt`. */
  admitNext(eventId: string, count: number, now: Date, expiresAt: Date): Promise<number>;
}

/**
 * The waiting rooms' lines, each under its room's key (`roomKey`: a date's id, or the event's; the
 * methods' `eventId` is that key): places, joins, admissions, passes and the ticker's lock, in PostgreSQL
 * (queue-store.postgres.ts) or in Redis when REDIS_URL is set (queue-store.redis.ts). The rooms'
 * settings and the ticker's bookkeeping (opened, credit, last tick) stay in the `waiting_rooms` table.
 */
export interface QueueStore {
  find(eventId: string, deviceHash: string): Promise<Visitor | null>;
  /** The device's place: a new one (in the pre-queue, or at the end once `opened`), or the one it has. */
  join(
    room: string,
    deviceHash: string,
    opened: boolean,
    now: Date,
    opensAt: Date,
    eventId: string,
  ): Promise<Visitor>;
  /** Back to the end of the line (a turn that lapsed or was used), as a new arrival at `now`. */
  requeue(eventId: string, deviceHash: string, now: Date): Promise<Visitor>;
  /** Not yet admitted with a place before `position` (the PostgreSQL store may answer from a second ago). */
  countAhead(eventId: string, position: number): Promise<number>;
  lineFigures(eventId: string, now: Date): Promise<LineFigures>;
  /** Marks the pass used; false when it was used already (a replay) or is unknown. */
  consumePass(eventId: string, passId: string, now: Date): Promise<boolean>;
  /** The reservation the pass was for failed: the turn may be used again. */
  releasePass(eventId: string, passId: string): Promise<void>;
  /**
   * Runs `fn` as the room's only ticker (with `q`, the room row's connection: its transaction on
   * PostgreSQL); null, without running it, when another instance holds the room or it has no row.
   */
  withRoomLock<T>(
    eventId: string,
    fn: (room: RoomRow, line: TickOps, q: Queryable) => Promise<T>,
  ): Promise<T | null>;
  /**
   * A ticking room's stored line is kept ROOM_KEEP_MS more (Redis: at most once per SWEEP_EVERY_MS,
   * every key of the room; PostgreSQL: nothing, `purgeVisitors` removes what is no longer needed).
   */
  keepAlive(eventId: string, now: Date): Promise<void>;
  /** Every key of the room expires at `at` (Redis; PostgreSQL: nothing, see `purgeVisitors`). */
  expireRoom(eventId: string, at: Date): Promise<void>;
  close(): Promise<void>;
}
