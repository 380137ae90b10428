import { createHash, randomBytes } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path or query value can be a row id: anything else is not found without asking the database. */
export const isUuid = (value: string) => UUID.test(value);

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random base62 string; 20 characters carry about 119 bits. Rejection sampling keeps it unbiased. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** Public, unguessable ids that open pages without login (DESIGN §4): `o_…` orders, `a_…` attendees, `c_…` lists. */
export const newShortId = (prefix: 'o' | 'a' | 'c') => `${prefix}_${randomBase62(20)}`;

/** A secret to send by e-mail and keep only as a hash. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
