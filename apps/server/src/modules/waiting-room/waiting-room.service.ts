import {
  suggestedRatePerMinute,
  WAITING_ROOM_TURN_MINUTES,
  type WaitingRoom,
  type WaitingRoomSettingsInput,
  type WaitingRoomState,
  type WaitingRoomVisitor,
} from '@taquilla/shared/schemas/waiting-room';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { hashToken, isUuid } from '../../lib/ids.ts';
import { MicroCache } from '../../lib/micro-cache.ts';
import { record } from '../audit/audit.service.ts';
import { getEventRow } from '../events/events.service.ts';
import { SOLD_ORDERS } from '../order-lifecycle/order-lifecycle.ts';
import { deviceClaim, readPass, signPass } from './pass.ts';
import { type LineFigures, roomKeepUntil, type Visitor } from './queue.ts';
import { queueStore } from './queue-store.ts';
import { waitingRoomMessages as m } from './waiting-room.messages.ts';
import * as repo from './waiting-room.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'config'>;

/** A device token: 43 base64url characters (32 random bytes), as `newDeviceToken` makes them. */
export const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The queue page of the event's room, or of one date's (#27). */
export const queuePath = (eventId: string, dateId?: string | null) =>
  `/e/${eventId}/queue${dateId ? `?date=${dateId}` : ''}`;
const queueUrl = (deps: Deps, eventId: string, dateId?: string | null) =>
  `${deps.config.appUrl}${queuePath(eventId, dateId)}`;

/** 404 unless the date is one of the event's (a date's room is reached through its event). */
async function checkDate(deps: Deps, eventId: string, dateId: string | null) {
  if (dateId && !(await repo.isDateOfEvent(deps.db, eventId, dateId))) throw notFound();
}

const SALES_STATUSES = { held: 'RESERVED', sold: SOLD_ORDERS } as const;

function stateOf(room: repo.RoomRow | null, now: Date): WaitingRoomState {
  if (!room?.enabled) return 'OFF';
  if (room.closed_at) return 'CLOSED';
  if (!room.opened_at && room.opens_at > now) return 'SCHEDULED';
  return room.paused ? 'PAUSED' : 'OPEN';
}

// ---------------------------------------------------------------------------------------------------
// The organizer's settings and live figures.

export async function getRoom(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  dateId: string | null,
  now: Date,
): Promise<WaitingRoom> {
  const event = await getEventRow(deps, auth, eventId);
  await checkDate(deps, eventId, dateId);
  const key = repo.roomKey(eventId, dateId);
  const room = await repo.findRoom(deps.db, key);
  const [line, sales] = await Promise.all([
    queueStore(deps).lineFigures(key, now),
    repo.salesFigures(deps.db, eventId, dateId, now, SALES_STATUSES),
  ]);
  const suggested = suggestedRatePerMinute(event.order_timeout_minutes);
  const rate = room?.rate_per_minute ?? suggested;
  return {
    event_date_id: dateId,
    enabled: room?.enabled ?? false,
    opens_at: room?.opens_at.toISOString() ?? null,
    rate_per_minute: rate,
    paused: room?.paused ?? false,
    state: stateOf(room, now),
    opened_at: room?.opened_at?.toISOString() ?? null,
    closed_at: room?.closed_at?.toISOString() ?? null,
    suggested_rate_per_minute: suggested,
    order_timeout_minutes: event.order_timeout_minutes,
    turn_minutes: WAITING_ROOM_TURN_MINUTES,
    stats: {
      waiting: line.waiting,
      admitted: line.admitted,
      buying: sales.buying,
      sold: sales.sold,
      drain_minutes: line.waiting ? Math.ceil(line.waiting / rate) : null,
    },
    queue_url: queueUrl(deps, eventId, dateId),
  };
}

/** Turns the room on or off, moves its opening, rate or pause; audited with what changed. */
export async function updateRoom(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  dateId: string | null,
  input: WaitingRoomSettingsInput,
  now: Date,
): Promise<WaitingRoom> {
  assertCan(auth, 'events:manage');
  const event = await getEventRow(deps, auth, eventId);
  await checkDate(deps, eventId, dateId);
  const key = repo.roomKey(eventId, dateId);
  const opensAt = new Date(input.opens_at);
  await deps.db.transaction(async (tx) => {
    const before = await repo.findRoom(tx, key);
    await repo.saveRoom(tx, {
      room: key,
      event_id: eventId,
      event_date_id: dateId,
      account_id: event.account_id,
      enabled: input.enabled,
      opens_at: opensAt,
      rate_per_minute: input.rate_per_minute,
      paused: input.paused,
    });
    const after = {
      ...(dateId ? { event_date_id: dateId } : {}),
      enabled: input.enabled,
      opens_at: opensAt.toISOString(),
      rate_per_minute: input.rate_per_minute,
      paused: input.paused,
    };
    const old = before && {
      ...(dateId ? { event_date_id: dateId } : {}),
      enabled: before.enabled,
      opens_at: before.opens_at.toISOString(),
      rate_per_minute: before.rate_per_minute,
      paused: before.paused,
    };
    const changes = Object.fromEntries(
      (Object.keys(after) as (keyof typeof after)[])
        .filter((k) => old?.[k] !== after[k])
        .map((k) => [k, { ...(old ? { before: old[k] } : {}), after: after[k] }]),
    );
    if (Object.keys(changes).length) {
      await record(tx, {
        action: 'waiting_room.updated',
        target: { type: 'event', id: eventId, label: event.name },
        eventId,
        organizerId: event.organizer_id,
        changes,
      });
    }
  });
  roomCaches.delete(deps.db);
  // A moved opening keeps the stored line (Redis) until a day after it.
  const saved = await repo.findRoom(deps.db, key);
  if (saved && !saved.closed_at) await queueStore(deps).expireRoom(key, roomKeepUntil(now, opensAt));
  return getRoom(deps, auth, eventId, dateId, now);
}

// ---------------------------------------------------------------------------------------------------
// The visitor's place in line.

const roomCaches = new WeakMap<object, MicroCache<repo.RoomRow | null>>();

/** The room's row (by its key), shared for PUBLIC_CACHE_TTL_MS: every page view and reservation asks. */
export function cachedRoom(deps: Deps, room: string) {
  let cache = roomCaches.get(deps.db);
  if (!cache) {
    cache = new MicroCache(deps.config.publicCacheTtlMs, 1000);
    roomCaches.set(deps.db, cache);
  }
  return cache.get(room, () => repo.findRoom(deps.db, room));
}

/** `dateId`'s own room when it is one of the event's and `usable`, else null. */
async function dateRoom(
  deps: Deps,
  eventId: string,
  dateId: string | null | undefined,
  usable: (room: repo.RoomRow) => boolean,
) {
  if (!dateId || !isUuid(dateId)) return null;
  const room = await cachedRoom(deps, dateId);
  return room?.event_id === eventId && usable(room) ? room : null;
}

/**
 * The room a visitor of the event (on `dateId`) is shown: the date's when it has one turned on, even
 * closed (sold out: its visitors are told so), else the event's; null when the event has none.
 */
export async function shownRoom(deps: Deps, eventId: string, dateId?: string | null) {
  return (await dateRoom(deps, eventId, dateId, (r) => r.enabled)) ?? cachedRoom(deps, eventId);
}

/**
 * The room guarding a purchase of the event (on `dateId`, when given): the date's room when it is on,
 * else the event's; null when neither is (a date id not of this event is not its room).
 */
export async function guardingRoom(deps: Deps, eventId: string, dateId?: string | null) {
  const room = (await dateRoom(deps, eventId, dateId, isGuarding)) ?? (await cachedRoom(deps, eventId));
  return isGuarding(room) ? room : null;
}

/** Whether buying needs a pass now: the room is on and has not closed (before opening too). */
export const isGuarding = (room: repo.RoomRow | null) => Boolean(room?.enabled && !room.closed_at);

const lineCaches = new WeakMap<object, MicroCache<LineFigures>>();

/** The line's counts for visitors' pages, shared for PUBLIC_CACHE_TTL_MS (a count over the whole line). */
function cachedLineFigures(deps: Deps, eventId: string, now: Date) {
  let cache = lineCaches.get(deps.db);
  if (!cache) {
    cache = new MicroCache(deps.config.publicCacheTtlMs, 1000);
    lineCaches.set(deps.db, cache);
  }
  return cache.get(eventId, () => queueStore(deps).lineFigures(eventId, now));
}

export const deviceHashOf = (token: string) => hashToken(token);

/**
 * Puts the device in line (once: the same device keeps its place), or back at the end when its turn
 * lapsed or was used. The caller limits new joins per address.
 */
export async function join(
  deps: Deps,
  key: string,
  token: string,
  now: Date,
  requeue: boolean,
): Promise<{ visitor: Visitor | null; room: repo.RoomRow | null }> {
  const room = await repo.findRoom(deps.db, key);
  if (!room || !isGuarding(room)) return { visitor: null, room };
  const hash = deviceHashOf(token);
  const store = queueStore(deps);
  // Past the opening time a newcomer takes the next place at once, even before the ticker's first tick
  // draws the pre-queue (whose places come first): arrival order holds for everyone who came after it.
  const opened = Boolean(room.opened_at) || room.opens_at <= now;
  let visitor = await store.join(key, hash, opened, now, room.opens_at, room.event_id);
  if (requeue && visitor.admitted_at && (visitor.used_at || (visitor.pass_expires_at ?? now) <= now)) {
    visitor = await store.requeue(key, hash, now);
  }
  return { visitor, room };
}

export function findVisitor(deps: Deps, key: string, token: string) {
  return queueStore(deps).find(key, deviceHashOf(token));
}

const pollSeconds = (estimate: number | null) =>
  estimate === null ? 10 : Math.min(30, Math.max(3, Math.round(estimate / 10)));

/** What the device sees: its place, those ahead, an estimate, and once admitted its pass. */
export async function visitorStatus(
  deps: Deps,
  eventId: string,
  token: string,
  room: repo.RoomRow | null,
  visitor: Visitor | null,
  now: Date,
  waitlistEnabled: () => Promise<boolean>,
): Promise<WaitingRoomVisitor> {
  const base = {
    position: null,
    ahead: null,
    in_line: 0,
    opens_at: room?.opens_at.toISOString() ?? null,
    estimate_seconds: null,
    token,
    pass: null,
    pass_expires_at: null,
    waitlist_enabled: false,
    poll_seconds: 10,
  };
  const state = stateOf(room, now);
  if (state === 'OFF' || !room) return { ...base, state: 'OFF' };
  if (state === 'CLOSED')
    return { ...base, state: 'CLOSED', waitlist_enabled: await waitlistEnabled(), poll_seconds: 60 };
  if (!visitor) throw new AppError(404, 'NOT_IN_LINE', m['waiting_room.not_in_line']);
  if (visitor.admitted_at && visitor.pass_id && visitor.pass_expires_at) {
    if (visitor.used_at) return { ...base, state: 'USED', poll_seconds: 60 };
    if (visitor.pass_expires_at <= now) return { ...base, state: 'EXPIRED', poll_seconds: 60 };
    const pass = signPass(deps.config.authSecret, {
      passId: visitor.pass_id,
      eventId,
      room: room.room,
      device: visitor.device_hash,
      expiresAt: visitor.pass_expires_at,
    });
    return {
      ...base,
      state: 'ADMITTED',
      pass,
      pass_expires_at: visitor.pass_expires_at.toISOString(),
      poll_seconds: 30,
    };
  }
  const line = await cachedLineFigures(deps, room.room, now);
  if (visitor.position === null) {
    // Before opening every place is drawn at once: there is no place yet, only the time to wait.
    const untilOpening = Math.max(0, Math.ceil((room.opens_at.getTime() - now.getTime()) / 1000));
    const opened = Boolean(room.opened_at);
    return {
      ...base,
      state: opened ? 'WAITING' : 'PRE_QUEUE',
      in_line: opened ? line.waiting : line.unplaced,
      estimate_seconds: opened ? null : untilOpening,
      poll_seconds: opened ? 3 : Math.min(30, Math.max(2, Math.round(untilOpening / 4))),
    };
  }
  const ahead = await queueStore(deps).countAhead(room.room, visitor.position);
  const estimate = room.paused ? null : Math.ceil(((ahead + 1) * 60) / room.rate_per_minute);
  return {
    ...base,
    state: 'WAITING',
    position: ahead + 1,
    ahead,
    in_line: line.waiting,
    estimate_seconds: estimate,
    poll_seconds: pollSeconds(estimate),
  };
}

// ---------------------------------------------------------------------------------------------------
// The reservation's check (checkout calls it while the room is on).

export interface AdmissionProof {
  /** Given in a header or the address; else the room's pass cookie (`cookieFor`). */
  pass?: string;
  cookieFor?: (room: string) => string | undefined;
  deviceToken?: string;
}

/** A consumed pass: what `releaseAdmission` gives back (`room`: the room's key). */
export interface Admission {
  room: string;
  passId: string;
}

const refused = (deps: Deps, room: repo.RoomRow, status: number, code: string, key: string) =>
  new AppError(status, code, key, { params: { url: queueUrl(deps, room.event_id, room.event_date_id) } });

/**
 * The pass's claims when it is genuine (HMAC), for this event's `room` and presented by the device it
 * was made for; null otherwise. Its expiry is the caller's to judge.
 */
function genuinePass(deps: Deps, eventId: string, room: repo.RoomRow, proof: AdmissionProof) {
  const given = proof.pass ?? proof.cookieFor?.(room.room);
  const claims = given ? readPass(deps.config.authSecret, given) : null;
  const device =
    proof.deviceToken && DEVICE_TOKEN.test(proof.deviceToken) ? deviceHashOf(proof.deviceToken) : null;
  const genuine =
    claims &&
    device &&
    claims.eventId === eventId &&
    claims.room === room.room &&
    claims.device === deviceClaim(device);
  return genuine ? claims : null;
}

/**
 * Null when the event has no room guarding it now. Otherwise the pass must be genuine (HMAC, no
 * database read), for this event and this device, unexpired, and unused: it is consumed here (the
 * only write), and the caller gives it back with `releaseAdmission` when the reservation fails.
 */
export async function consumeAdmission(
  deps: Deps,
  eventId: string,
  proof: AdmissionProof,
  now: Date,
  dateId?: string | null,
): Promise<Admission | null> {
  const room = await guardingRoom(deps, eventId, dateId);
  if (!room) return null;
  if (!proof.pass && !proof.cookieFor?.(room.room)) {
    throw refused(deps, room, 403, 'WAITING_ROOM_PASS_REQUIRED', m['waiting_room.pass_required']);
  }
  const claims = genuinePass(deps, eventId, room, proof);
  if (!claims) throw refused(deps, room, 403, 'WAITING_ROOM_PASS_INVALID', m['waiting_room.pass_invalid']);
  if (claims.expiresAt <= now) {
    throw refused(deps, room, 409, 'WAITING_ROOM_PASS_EXPIRED', m['waiting_room.pass_expired']);
  }
  if (!(await queueStore(deps).consumePass(room.room, claims.passId, now))) {
    throw refused(deps, room, 409, 'WAITING_ROOM_PASS_USED', m['waiting_room.pass_used']);
  }
  return { room: room.room, passId: claims.passId };
}

export function releaseAdmission(deps: Deps, admission: Admission) {
  return queueStore(deps).releasePass(admission.room, admission.passId);
}

/**
 * The event page's check (on `dateId`, when given): the room this visitor should queue in instead (no
 * valid pass for it), or null.
 */
export async function mustQueue(
  deps: Deps,
  eventId: string,
  proof: AdmissionProof,
  now: Date,
  dateId?: string | null,
): Promise<repo.RoomRow | null> {
  const room = await guardingRoom(deps, eventId, dateId);
  if (!room) return null;
  const claims = genuinePass(deps, eventId, room, proof);
  return claims && claims.expiresAt > now ? null : room;
}
