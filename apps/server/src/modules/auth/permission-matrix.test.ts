import { PERMISSIONS, USER_ROLES, type UserRole } from '@taquilla/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../lib/auth.ts';
import { ROLE_PERMISSIONS } from '../../lib/permissions.ts';
import type { RouteEntry } from '../../lib/route-table.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser } from '../../test/factories/accounts.ts';
import { accountWithEverything, databaseFingerprint } from '../../test/fixtures.ts';
import { jsonSchemaOf, sampleOf } from '../../test/sample-input.ts';

/**
 * The permission matrix, generated from the registered route table (so a route added by any module is
 * covered): every non-public route refuses a missing, forged, expired, `alg: none` or logged-out token
 * (401); another account's admin gets 404 on this account's ids; a member of each role gets 403 on
 * every route whose permission that role's row of lib/permissions.ts lacks, and not on the reads it holds;
 * and no refused call writes anything. A route without an access class fails (lib/route-table.ts).
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof accountWithEverything>>;
let routes: RouteEntry[];
/** A member (not the owner) of the fixture's account for each role of the table. */
let members: Record<UserRole, Awaited<ReturnType<typeof addUser>>>;
beforeAll(async () => {
  // Keys walk every route below: far more calls than a key's default 360 a minute.
  t = await createTestApp({ env: { API_KEY_REQUESTS_PER_MINUTE: '1000000' } });
  fx = await accountWithEverything(t.app);
  routes = t.app.deps.routes.filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/e'));
  const entries = [];
  for (const role of USER_ROLES) entries.push([role, await addUser(t.app, fx.owner.account.id, { role })]);
  members = Object.fromEntries(entries);
});

afterAll(() => t.close());

/** The permission a route needs, or none (public, any member of the account; an unclassified route fails the first test). */
const permissionOf = (r: RouteEntry) =>
  r.access === undefined || r.access === 'public' || r.access === 'member' ? null : r.access;
const holds = (role: UserRole, r: RouteEntry) => {
  const permission = permissionOf(r);
  return permission === null || ROLE_PERMISSIONS[role].includes(permission);
};

const hasBody = (r: RouteEntry) => r.method !== 'GET' && r.method !== 'DELETE';
const bodyFor = (r: RouteEntry) =>
  hasBody(r) && r.schema?.body ? sampleOf(jsonSchemaOf(r.schema.body)) : undefined;

// Uploads (multipart): a one-pixel PNG as the `image` field.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const BOUNDARY = 'matrizboundary';
const multipart = Buffer.concat([
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\nEVENT_COVER\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  ),
  PNG,
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

async function call(r: RouteEntry, url: string, authorization?: string) {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  const payload = bodyFor(r);
  const res = await t.app.inject({
    method: r.method as 'GET',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  // 406: the route takes multipart (an upload), not JSON.
  if (res.statusCode !== 406) return res;
  headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
  return t.app.inject({ method: 'POST', url, headers, payload: multipart });
}

describe('permission matrix', () => {
  it('covers every route, and every route has an access class', () => {
    expect(routes.length).toBeGreaterThan(80);
    const unclassified = routes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(unclassified, 'add a rule in lib/route-table.ts or config: { access }').toEqual([]);
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    for (const key of [
      'PUT /api/users/:id',
      'GET /api/events/:id/orders',
      'POST /api/public/events/:id/order',
    ]) {
      expect(keys).toContain(key);
    }
  });

  it('no token, or a bad one, is a 401 on every non-public route, and nothing is written', async () => {
    const secret = t.app.deps.config.authSecret;
    const [sid] = fx.owner.token.split('.');
    const expired = signToken(secret, sid ?? '', new Date(Date.now() - 1000));
    const forged = signToken(
      'not-the-secret-not-the-secret-not-the-secret',
      sid ?? '',
      new Date(Date.now() + 3600_000),
    );
    const algNone = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: fx.owner.user.id, account_id: fx.owner.account.id, role: 'ADMIN' }),
    ).toString('base64url')}.`;
    const before = await databaseFingerprint(t.app);
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.access !== 'public')) {
      const url = fx.fill(r.url);
      for (const auth of [
        undefined,
        `Bearer ${forged}`,
        `Bearer ${expired}`,
        `Bearer ${algNone}`,
        'Bearer ',
        `Basic ${Buffer.from('admin:admin').toString('base64')}`,
      ]) {
        const res = await call(r, url, auth);
        if (res.statusCode !== 401 || res.json().error?.code !== 'UNAUTHENTICATED') {
          failures.push(`${r.method} ${r.url} (${auth?.slice(0, 12) ?? 'no token'}) → ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await databaseFingerprint(t.app)).toEqual(before);
  });

  it("another account's admin gets 404 on this account's ids, and nothing is written", async () => {
    const before = await databaseFingerprint(t.app);
    const failures: string[] = [];
    let checked = 0;
    for (const r of routes.filter((x) => x.access !== 'public' && x.url.includes('/:'))) {
      const res = await call(r, fx.fill(r.url), `Bearer ${fx.other.token}`);
      checked++;
      if (res.statusCode !== 404)
        failures.push(`${r.method} ${r.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(checked).toBeGreaterThan(50);
    expect(failures).toEqual([]);
    expect(await databaseFingerprint(t.app)).toEqual(before);
  });

  it('the routes and the role table name the same permissions', () => {
    const guarded = new Set(routes.map(permissionOf).filter((p) => p !== null));
    const granted = new Set(USER_ROLES.flatMap((role) => ROLE_PERMISSIONS[role]));
    // Every permission a route needs is one some role holds, and every permission guards some route.
    expect([...guarded].sort()).toEqual([...PERMISSIONS].sort());
    expect([...granted].sort()).toEqual([...PERMISSIONS].sort());
  });

  it.each(USER_ROLES)(
    'an %s member gets 403 on every route needing a permission its role lacks, and nothing is written',
    async (role) => {
      const before = await databaseFingerprint(t.app);
      const failures: string[] = [];
      const refused = routes.filter((r) => r.access !== 'public' && !holds(role, r));
      if (ROLE_PERMISSIONS[role].length < PERMISSIONS.length) expect(refused.length).toBeGreaterThan(0);
      for (const r of refused) {
        const res = await call(r, fx.fill(r.url), `Bearer ${members[role].token}`);
        if (res.statusCode !== 403 || res.json().error?.code !== 'FORBIDDEN') {
          failures.push(`${r.method} ${r.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
      expect(failures).toEqual([]);
      expect(await databaseFingerprint(t.app)).toEqual(before);
    },
  );

  it.each(USER_ROLES)(
    'an %s member reads every route whose permission its role holds (no 403)',
    async (role) => {
      const failures: string[] = [];
      for (const r of routes.filter((x) => x.access !== 'public' && x.method === 'GET' && holds(role, x))) {
        const res = await call(r, fx.fill(r.url), `Bearer ${members[role].token}`);
        if (res.statusCode === 403) failures.push(`${r.method} ${r.url} → 403`);
      }
      expect(failures).toEqual([]);
    },
  );

  it('the same calls succeed for the owner, so the refusals above are about who calls', async () => {
    // A sanity check on the fixture: reads of this account's ids answer 200 for its admin.
    const failures: string[] = [];
    for (const r of routes.filter(
      (x) => x.access !== 'public' && x.method === 'GET' && x.url.includes('/:'),
    )) {
      if (r.url.includes(':imageId') || r.url.includes(':token')) continue;
      const res = await call(r, fx.fill(r.url), `Bearer ${fx.owner.token}`);
      if (res.statusCode !== 200) failures.push(`${r.method} ${r.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

/**
 * The walk with members limited to another organizer of the same account (issue #25): whatever their
 * role, every route under the fixture's event or organizer answers 404, as if it did not exist, and no
 * refused call writes anything.
 */
describe('permission matrix: another organizer', () => {
  const underOrganizer = (r: RouteEntry) =>
    /^\/api\/(events\/:(id|eventId)|organizers\/:id)(\/|$)/.test(r.url);
  const limited = {} as Record<UserRole, string>;

  beforeAll(async () => {
    const owner = { authorization: `Bearer ${fx.owner.token}` };
    const organizer = await t.app.inject({
      method: 'POST',
      url: '/api/organizers',
      headers: owner,
      payload: { name: 'Otra sala', email: 'otra@example.com' },
    });
    expect(organizer.statusCode, organizer.body).toBe(201);
    for (const role of USER_ROLES) {
      const member = await addUser(t.app, fx.owner.account.id, { role });
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${member.user.id}`,
        headers: owner,
        payload: { organizer_ids: [organizer.json().data.id] },
      });
      expect(res.statusCode, res.body).toBe(200);
      limited[role] = member.token;
    }
  });

  it.each(USER_ROLES)(
    "an %s member limited to another organizer gets 404 on everything of this organizer's, and nothing is written",
    async (role) => {
      const before = await databaseFingerprint(t.app);
      const failures: string[] = [];
      const walked = routes.filter((r) => r.access !== 'public' && underOrganizer(r));
      expect(walked.length).toBeGreaterThan(80);
      for (const r of walked) {
        const res = await call(r, fx.fill(r.url), `Bearer ${limited[role]}`);
        if (res.statusCode !== 404)
          failures.push(`${r.method} ${r.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(failures).toEqual([]);
      expect(await databaseFingerprint(t.app)).toEqual(before);
    },
  );
});

/**
 * The same walk with API keys (Authorization: Bearer tqk_…): a key of another account gets 404 on this
 * account's ids; a READ_ONLY key gets 403 on every write; a DOOR key reaches only the door's reads (the
 * events and their check-in lists); a FULL key reads what an admin reads; no key reaches people or keys
 * (403); and no refused call writes anything.
 */
describe('permission matrix: API keys', () => {
  type KeyName = 'READ_ONLY' | 'DOOR' | 'FULL' | 'OTHER_FULL';
  const keys = {} as Record<KeyName, string>;
  /** Routes no key may call, whatever its permission: the team and the keys themselves. */
  const peopleOnly = (r: RouteEntry) => /^\/api\/(users|accounts\/me\/(api-keys|privacy))(\/|$)/.test(r.url);
  const ROLE_OF_KEY = { READ_ONLY: 'READ_ONLY', DOOR: 'DOOR', FULL: 'ADMIN' } as const;
  const authenticated = () => routes.filter((r) => r.access !== 'public');

  beforeAll(async () => {
    const mint = async (token: string, permission: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/me/api-keys',
        headers: { authorization: `Bearer ${token}` },
        payload: { name: `Matriz ${permission}`, permission },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.key as string;
    };
    keys.READ_ONLY = await mint(fx.owner.token, 'READ_ONLY');
    keys.DOOR = await mint(fx.owner.token, 'DOOR');
    keys.FULL = await mint(fx.owner.token, 'FULL');
    keys.OTHER_FULL = await mint(fx.other.token, 'FULL');
    // A key's use is recorded at most once a minute: marked as just used (for longer than the walk
    // takes), the walk's own calls write nothing, so the fingerprint sees only what a call itself writes.
    await t.app.deps.db.execute(sql`update api_keys set last_used_at = now() + interval '1 hour'`);
  });

  it("a key of another account gets 404 on this account's ids (403 where keys never go), and nothing is written", async () => {
    const before = await databaseFingerprint(t.app);
    const failures: string[] = [];
    const walked = authenticated().filter((r) => r.url.includes('/:'));
    expect(walked.length).toBeGreaterThan(50);
    for (const r of walked) {
      const res = await call(r, fx.fill(r.url), `Bearer ${keys.OTHER_FULL}`);
      const expected = peopleOnly(r) ? 403 : 404;
      if (res.statusCode !== expected)
        failures.push(`${r.method} ${r.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    expect(await databaseFingerprint(t.app)).toEqual(before);
  });

  it.each(['READ_ONLY', 'DOOR'] as const)(
    'a %s key gets 403 on every write and on every read its permission set lacks, and nothing is written',
    async (name) => {
      const before = await databaseFingerprint(t.app);
      const failures: string[] = [];
      const refused = authenticated().filter(
        (r) => r.method !== 'GET' || peopleOnly(r) || !holds(ROLE_OF_KEY[name], r),
      );
      expect(refused.filter((r) => r.method !== 'GET').length).toBeGreaterThan(60);
      for (const r of refused) {
        const res = await call(r, fx.fill(r.url), `Bearer ${keys[name]}`);
        if (res.statusCode !== 403 || res.json().error?.code !== 'FORBIDDEN')
          failures.push(`${r.method} ${r.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(failures).toEqual([]);
      expect(await databaseFingerprint(t.app)).toEqual(before);
    },
  );

  it('a DOOR key reaches only the events and their check-in lists', () => {
    const reached = authenticated()
      .filter((r) => r.method === 'GET' && !peopleOnly(r) && holds('DOOR', r))
      .map((r) => r.access);
    expect([...new Set(reached)].sort()).toEqual(['check-in:read', 'events:read']);
  });

  it('a FULL key gets 403 on every route of people and keys, and nothing is written', async () => {
    const before = await databaseFingerprint(t.app);
    const failures: string[] = [];
    const closed = authenticated().filter(peopleOnly);
    expect(closed.length).toBeGreaterThan(5);
    for (const r of closed) {
      const res = await call(r, fx.fill(r.url), `Bearer ${keys.FULL}`);
      if (res.statusCode !== 403) failures.push(`${r.method} ${r.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(await databaseFingerprint(t.app)).toEqual(before);
  });

  it.each(['READ_ONLY', 'DOOR', 'FULL'] as const)(
    "a %s key reads every route its permission set holds: this account's ids answer 200",
    async (name) => {
      const failures: string[] = [];
      const reads = authenticated().filter(
        (r) => r.method === 'GET' && !peopleOnly(r) && holds(ROLE_OF_KEY[name], r),
      );
      expect(reads.length).toBeGreaterThan(5);
      for (const r of reads) {
        if (r.url.includes(':imageId') || r.url.includes(':token')) continue;
        const res = await call(r, fx.fill(r.url), `Bearer ${keys[name]}`);
        const ok = r.url.includes('/:') ? res.statusCode === 200 : res.statusCode < 400;
        if (!ok) failures.push(`${r.method} ${r.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(failures).toEqual([]);
    },
  );
});
