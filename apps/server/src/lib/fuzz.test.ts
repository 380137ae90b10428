import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../lib/route-table.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { accountWithEverything, databaseFingerprint } from '../test/fixtures.ts';
import { arbitraryOf, HOSTILE_STRINGS, jsonSchemaOf, oneHostileField } from '../test/sample-input.ts';

/**
 * Fuzzing every endpoint of the registered route table with fast-check: path parameters, query and body
 * built from the route's own zod schemas, mixed with hostile values (NUL, lone surrogates, control
 * characters, SQL and HTML payloads, huge strings, wrong types, prototype keys). Properties: never a 5xx;
 * a 4xx writes nothing. FUZZ_RUNS (default 12) runs per route; about 2 minutes on an idle machine, more under load (the time-out allows 6).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

let t: TestApp;
let fx: Awaited<ReturnType<typeof accountWithEverything>>;
beforeAll(async () => {
  t = await createTestApp();
  fx = await accountWithEverything(t.app);
});
afterAll(() => t.close());

const hostile = fc.constantFrom(...HOSTILE_STRINGS);

/** Query keys every list understands, and some it must refuse. */
const LIST_KEYS = [
  'page',
  'per_page',
  'sort_by',
  'sort_direction',
  'query',
  'promo_code',
  'filter_fields[status][eq]',
  'filter_fields[__proto__][eq]',
  'filter_fields[constructor][in]',
  'filter_fields[created_at][gte]',
  '__proto__',
];

function queryArbitrary(route: RouteEntry): fc.Arbitrary<Record<string, unknown>> {
  const schema = jsonSchemaOf(route.schema?.querystring);
  const fromSchema = fc
    .oneof(arbitraryOf(schema), oneHostileField(schema))
    .map((v) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}));
  const lists = fc.dictionary(
    fc.constantFrom(...LIST_KEYS),
    fc.oneof(hostile, fc.string({ maxLength: 12 })),
    {
      maxKeys: 3,
    },
  );
  return fc.oneof(fromSchema, lists);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses with a URIError, ending the property
 * early) is sent as a hostile client would: its three bytes, which are not valid UTF-8.
 */
function encodeHostile(text: string): string {
  return text
    .split(LONE_SURROGATE)
    .map(encodeURIComponent)
    .reduce((out, part, i) => {
      const lone = text.match(LONE_SURROGATE)?.[i - 1];
      if (lone === undefined) return out + part;
      const cp = lone.charCodeAt(0);
      const bytes = [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
      return `${out}${bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('')}${part}`;
    });
}

function toQueryString(query: Record<string, unknown>): string {
  const parts = Object.entries(query).map(
    ([k, v]) => `${encodeHostile(k)}=${encodeHostile(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`,
  );
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Path parameters: mostly the fixture's real ids (to reach the handler), sometimes hostile text. */
function urlArbitrary(route: RouteEntry): fc.Arbitrary<string> {
  const real = fx.fill(route.url);
  if (!route.url.includes('/:')) return fc.constant(real);
  const segments = route.url.split('/');
  const realSegments = real.split('/');
  return fc
    .array(fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: hostile }), {
      minLength: segments.length,
      maxLength: segments.length,
    })
    .map((choices) =>
      segments
        .map((s, i) => {
          if (!s.startsWith(':')) return s;
          const choice = choices[i];
          return choice === null || choice === undefined
            ? (realSegments[i] ?? '')
            : encodeHostile(choice).slice(0, 2000) || '%20';
        })
        .join('/'),
    );
}

function send(route: RouteEntry, url: string, body: unknown, asOwner: boolean) {
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  return t.app.inject({
    method: route.method as 'GET',
    url,
    headers: asOwner ? { authorization: `Bearer ${fx.owner.token}` } : {},
    ...(withBody && body !== undefined
      ? {
          payload: JSON.stringify(body),
          headers: {
            'content-type': 'application/json',
            ...(asOwner ? { authorization: `Bearer ${fx.owner.token}` } : {}),
          },
        }
      : {}),
  });
}

// Writes that end the fuzzing session itself, or that delete the fixture the other routes need, go last.
/**
 * Last, what may end the owner's own access: requiring two-factor of every member (the owner has none, so
 * every later call would be a 403), then logging out.
 */
const ORDER = (r: RouteEntry) =>
  r.url.startsWith('/api/auth/logout')
    ? 4
    : r.url === '/api/users/two-factor-policy' && r.method !== 'GET'
      ? 3
      : r.method === 'DELETE'
        ? 2
        : 1;

describe('fuzzing every endpoint', () => {
  it('an empty JSON body on every write route is never a 5xx (PUT organizers and taxes were)', async () => {
    const failures: string[] = [];
    for (const r of t.app.deps.routes.filter((x) => ['POST', 'PUT', 'PATCH'].includes(x.method))) {
      if (!r.url.startsWith('/api/') || r.url.startsWith('/api/auth/logout')) continue;
      const res = await t.app.inject({
        method: r.method as 'PUT',
        url: fx.fill(r.url),
        headers: r.access === 'public' ? {} : { authorization: `Bearer ${fx.owner.token}` },
        payload: {},
      });
      if (res.statusCode >= 500) failures.push(`${r.method} ${r.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it(`never answers 5xx and writes nothing on a 4xx (seed ${SEED})`, async () => {
    const routes = t.app.deps.routes
      .filter((r) => (r.url.startsWith('/api/') || r.url.startsWith('/e')) && !r.url.startsWith('/api/docs'))
      .sort((a, b) => ORDER(a) - ORDER(b));
    expect(routes.length).toBeGreaterThan(80);
    const failures: string[] = [];
    let calls = 0;
    const statuses = new Map<number, number>();
    const unauthenticated = new Set<string>();
    let fingerprint = await databaseFingerprint(t.app);
    for (const route of routes) {
      const asOwner = route.access !== 'public';
      const input = fc.record({
        url: urlArbitrary(route),
        query: queryArbitrary(route),
        body: fc.oneof(
          arbitraryOf(jsonSchemaOf(route.schema?.body)),
          oneHostileField(jsonSchemaOf(route.schema?.body)),
        ),
      });
      await fc
        .assert(
          fc.asyncProperty(input, async ({ url, query, body }) => {
            const full = `${url}${toQueryString(query)}`;
            const res = await send(route, full, body, asOwner);
            calls++;
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode === 401 && asOwner) unauthenticated.add(`${route.method} ${route.url}`);
            const label = `${route.method} ${full.slice(0, 160)} body=${JSON.stringify(body)?.slice(0, 160)}`;
            if (res.statusCode >= 500) {
              failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
              return false;
            }
            // A read that succeeded wrote nothing the next call's comparison needs: no fingerprint (the
            // file's slowest part, one count per table). Exports are the exception: the audit trail
            // records each download of personal data.
            if (route.method === 'GET' && res.statusCode < 400 && !route.url.endsWith('/export')) return true;
            const after = await databaseFingerprint(t.app);
            if (res.statusCode >= 400 && res.statusCode !== 429) {
              const changed = Object.keys(after).filter((k) => after[k] !== fingerprint[k]);
              if (changed.length) {
                failures.push(`${label} → ${res.statusCode} but wrote ${changed.join(', ')}`);
                fingerprint = after;
                return false;
              }
            }
            fingerprint = after;
            return true;
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        )
        .catch(() => {});
    }
    expect(calls).toBeGreaterThan(routes.length);
    expect(failures).toEqual([]);
    // The fuzzer reached the handlers: the owner stayed signed in and many calls succeeded.
    console.info(`fuzz: ${calls} calls, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect([...unauthenticated]).toEqual([]);
    const succeeded = [...statuses].filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0);
    expect(succeeded).toBeGreaterThan(routes.length);
  }, 360_000);
});
