import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, organizers } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createSellingEvent } from '../../test/factories/checkout.ts';

/** API keys over HTTP: shown once, stored hashed, scoped to their account and permission set, revocable, limited. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { API_KEY_REQUESTS_PER_MINUTE: '30' } });
});
afterAll(() => t.close());

const BASE = '/api/accounts/me/api-keys';
type Selling = Awaited<ReturnType<typeof createSellingEvent>>;

async function newKey(s: Selling, permission: string, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: BASE,
    headers: s.headers,
    payload: { name: 'CRM', permission, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; key: string; prefix: string };
}
const as = (key: string) => ({ authorization: `Bearer ${key}` });

describe('API keys', () => {
  it('answers the key once and keeps only its SHA-256; the list shows the prefix and the last use', async () => {
    const s = await createSellingEvent(t.app);
    const created = await newKey(s, 'READ_ONLY');
    expect(created.key).toMatch(/^tqk_[0-9A-Za-z]{40}$/);
    const [row] = await t.app.deps.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row?.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/events', headers: as(created.key) })).statusCode,
    ).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: BASE, headers: s.headers });
    expect(list.body).not.toContain(created.key);
    expect(list.json().data[0]).toMatchObject({ prefix: created.key.slice(0, 10), status: 'ACTIVE' });
    expect(list.json().data[0].last_used_at).not.toBeNull();
  });

  it("a key of account A sees nothing of B's", async () => {
    const a = await createSellingEvent(t.app);
    const b = await createSellingEvent(t.app);
    const key = await newKey(a, 'FULL');
    const events = await t.app.inject({ method: 'GET', url: '/api/events', headers: as(key.key) });
    expect(events.json().data.map((e: { id: string }) => e.id)).toEqual([a.event.id]);
    for (const url of [
      `/api/events/${b.event.id}`,
      `/api/events/${b.event.id}/orders`,
      `/api/events/${b.event.id}/tickets`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: as(key.key) })).statusCode, url).toBe(404);
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${b.event.id}/status`,
      headers: as(key.key),
      payload: { status: 'ARCHIVED' },
    });
    expect(put.statusCode).toBe(404);
  });

  it('a READ_ONLY or DOOR key changes nothing (403); a FULL key writes; none manages people or keys', async () => {
    const s = await createSellingEvent(t.app);
    const readOnly = await newKey(s, 'READ_ONLY');
    const door = await newKey(s, 'DOOR');
    const full = await newKey(s, 'FULL');
    for (const key of [readOnly, door]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/organizers',
        headers: as(key.key),
        payload: { name: 'Nuevo' },
      });
      expect(res.statusCode).toBe(403);
      const status = await t.app.inject({
        method: 'PUT',
        url: `/api/events/${s.event.id}/status`,
        headers: as(key.key),
        payload: { status: 'ARCHIVED' },
      });
      expect(status.statusCode).toBe(403);
    }
    expect(
      await t.app.deps.db.select().from(organizers).where(eq(organizers.account_id, s.account.id)),
    ).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/events/${s.event.id}/orders`, headers: as(door.key) }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/events/${s.event.id}/check-in-lists`,
          headers: as(door.key),
        })
      ).statusCode,
    ).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/organizers',
      headers: as(full.key),
      payload: { name: 'Nuevo' },
    });
    expect(created.statusCode).toBe(201);
    for (const [method, url] of [
      ['GET', '/api/users/me'],
      ['GET', BASE],
      ['POST', BASE],
      ['GET', '/api/users'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: as(full.key),
        ...(method === 'POST' ? { payload: { name: 'x', permission: 'FULL' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('revoked, expired and unknown keys get 401', async () => {
    const s = await createSellingEvent(t.app);
    const revoked = await newKey(s, 'FULL');
    const expiring = await newKey(s, 'FULL', { expires_at: new Date(Date.now() + 3600_000).toISOString() });
    expect(
      (await t.app.inject({ method: 'POST', url: `${BASE}/${revoked.id}/revoke`, headers: s.headers })).json()
        .data.status,
    ).toBe('REVOKED');
    await t.app.deps.db
      .update(apiKeys)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.id));
    for (const key of [revoked.key, expiring.key, `tqk_${'x'.repeat(40)}`]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/events', headers: as(key) })).statusCode).toBe(
        401,
      );
    }
    const past = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: s.headers,
      payload: { name: 'x', permission: 'FULL', expires_at: '2020-01-01T00:00:00Z' },
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().error.fields.expires_at).toBe('La fecha de caducidad debe ser futura.');
  });

  it('limits each key per minute with RateLimit headers', async () => {
    const s = await createSellingEvent(t.app);
    const key = await newKey(s, 'READ_ONLY');
    const other = await newKey(s, 'READ_ONLY');
    const first = await t.app.inject({ method: 'GET', url: '/api/events', headers: as(key.key) });
    expect(first.headers['ratelimit-limit']).toBe('30');
    expect(first.headers['ratelimit-remaining']).toBe('29');
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    for (let i = 0; i < 29; i++)
      await t.app.inject({ method: 'GET', url: '/api/events', headers: as(key.key) });
    const limited = await t.app.inject({ method: 'GET', url: '/api/events', headers: as(key.key) });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/events', headers: as(other.key) })).statusCode,
    ).toBe(200);
  });
});
