import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicApiPath } from '../../lib/auth.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccountWithUser } from '../../test/factories/accounts.ts';

/**
 * Walks every route the server has registered (all modules, including ones added later) and checks
 * that each /api route that is not public answers 401 without a token, with a forged token, and with
 * the token of a session that was logged out.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Route {
  method: string;
  path: string;
}

/** Flattens `printRoutes({ commonPrefix: false })`: each line is a tree node with its methods. */
export function listRoutes(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const [, indent = '', segment = ''] = m;
    const depth = [...indent].length / 4;
    stack.length = depth;
    const parent = stack[depth - 1] ?? '';
    const full =
      parent.endsWith('/') && segment.startsWith('/') ? parent + segment.slice(1) : parent + segment;
    stack[depth] = full;
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim())) {
      if (method && method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, path: full });
    }
  }
  return routes;
}

const SAMPLE_UUID = '3f0e8d0c-2b1a-4c3d-9e8f-7a6b5c4d3e2f';
const concrete = (path: string) =>
  path.replace(/:token\b/g, 'abcdefghijklmnopqrstuvwx').replace(/:[A-Za-z_]+/g, SAMPLE_UUID);

describe('route table', () => {
  it('finds the routes of every module', () => {
    const routes = listRoutes(t.app.printRoutes({ commonPrefix: false }));
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    for (const expected of [
      'GET /api/users/me',
      'PUT /api/users/:id',
      'POST /api/users/:id/email-change/:token',
      'DELETE /api/users/:id/invitation',
      'POST /api/auth/login',
      'GET /api/accounts/me',
      'GET /api/health',
    ]) {
      expect(keys).toContain(expected);
    }
  });

  it('every non-public /api route answers 401 without a valid token', async () => {
    const { token, headers } = await createAccountWithUser(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(204);
    const [sid, exp] = token.split('.');
    const forged = `${sid}.${exp}.${'A'.repeat(43)}`;

    const routes = listRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      (r) => r.path.startsWith('/api/') && !isPublicApiPath(r.path),
    );
    expect(routes.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const route of routes) {
      const url = concrete(route.path).replace(/\*$/, 'x');
      for (const auth of [undefined, `Bearer ${forged}`, `Bearer ${token}`, 'Basic dXNlcjpwYXNz']) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: auth ? { authorization: auth } : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        if (res.statusCode !== 401 || res.json().error?.code !== 'UNAUTHENTICATED') {
          failures.push(`${route.method} ${route.path} (${auth ?? 'no token'}) → ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('public auth routes that act on a session still need one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/switch-account',
      payload: { account_id: SAMPLE_UUID },
    });
    expect(res.statusCode).toBe(401);
  });
});
