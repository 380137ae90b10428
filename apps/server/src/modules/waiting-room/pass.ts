import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The admission pass: `v1.<payload>.<mac>`, base64url JSON signed with HMAC-SHA256 under a key derived
 * from the server secret (AUTH_SECRET), so every app instance checks it without reading the database.
 * It names its own id (what the reservation consumes, once), the event, the room (a date's, #27: a pass
 * for one date cannot reserve on another), the device (a prefix of the device token's hash) and when it
 * lapses.
 */
export interface PassClaims {
  passId: string;
  eventId: string;
  /** The room's key: the date's id, or the event's for an event-wide room. */
  room: string;
  device: string;
  expiresAt: Date;
}

const DEVICE_CHARS = 32;

const keyOf = (secret: string) =>
  createHmac('sha256', secret).update('taquilla waiting-room pass v1').digest();
const mac = (secret: string, payload: string) =>
  createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');

export const deviceClaim = (deviceHash: string) => deviceHash.slice(0, DEVICE_CHARS);

export function signPass(secret: string, claims: PassClaims): string {
  const payload = Buffer.from(
    JSON.stringify({
      p: claims.passId,
      e: claims.eventId,
      ...(claims.room !== claims.eventId ? { r: claims.room } : {}),
      d: deviceClaim(claims.device),
      x: Math.floor(claims.expiresAt.getTime() / 1000),
    }),
  ).toString('base64url');
  return `v1.${payload}.${mac(secret, payload)}`;
}

/** The pass's claims when its signature holds (expiry is the caller's check), else null. */
export function readPass(secret: string, pass: string): PassClaims | null {
  const [version, payload, signature, extra] = pass.split('.');
  if (version !== 'v1' || !payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (
      typeof c.p !== 'string' ||
      typeof c.e !== 'string' ||
      typeof c.d !== 'string' ||
      typeof c.x !== 'number' ||
      (c.r !== undefined && typeof c.r !== 'string')
    ) {
      return null;
    }
    const room = typeof c.r === 'string' ? c.r : c.e;
    return { passId: c.p, eventId: c.e, room, device: c.d, expiresAt: new Date(c.x * 1000) };
  } catch {
    return null;
  }
}
