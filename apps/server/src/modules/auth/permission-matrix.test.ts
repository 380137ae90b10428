import { PERMISSIONS, USER_ROLES, type UserRole } from '@taquilla/shared';
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
  t = await createTestApp();
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
