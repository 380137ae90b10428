import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dataEnvelope } from '@taquilla/shared/schemas/envelope';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_PAYLOAD_VERSION } from '@taquilla/shared/schemas/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REPO_ROOT } from '../config.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import type { RouteEntry } from './route-table.ts';

/** /api/docs documents every operation, passes `redocly lint`, and answers are checked against it. */
let t: TestApp;
let spec: {
  paths: Record<
    string,
    Record<
      string,
      { summary?: string; tags?: string[]; security?: unknown[]; responses?: Record<string, unknown> }
    >
  >;
  components: { securitySchemes: Record<string, unknown> };
};
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  spec = res.json();
});
afterAll(() => t.close());

type WebhookSchema = { required: string[]; properties: Record<string, { enum: unknown[] }> };

/** Each route writes its own summary and success answer: nothing is made up from its path. */
function undocumentedRoutes(routes: RouteEntry[]) {
  return routes
    .filter((r) => r.url.startsWith('/api/') && !r.hidden && !r.url.startsWith('/api/docs'))
    .filter((r) => {
      const schema = r.schema as { summary?: string; response?: Record<string, unknown> } | undefined;
      const success = Object.keys(schema?.response ?? {}).some((code) => code.startsWith('2'));
      return !schema?.summary?.trim() || !success;
    })
    .map((r) => `${r.method} ${r.url}`);
}

const operations = () =>
  Object.entries(spec.paths).flatMap(([p, methods]) =>
    Object.entries(methods).map(([m, op]) => ({ key: `${m.toUpperCase()} ${p}`, op })),
  );

describe('/api/docs', () => {
  it('documents every API route with a summary, a tag, success and error answers, and its security', () => {
    const documented = new Set(operations().map((o) => o.key));
    const missing = t.app.deps.routes
      .filter((r) => r.url.startsWith('/api/') && !r.hidden && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url.replace(/:([A-Za-z_]+)/g, '{$1}')}`)
      .filter((k) => !documented.has(k));
    expect(missing).toEqual([]);
    expect(undocumentedRoutes(t.app.deps.routes)).toEqual([]);
    expect(spec.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const incomplete: string[] = [];
    for (const { key, op } of operations()) {
      const codes = Object.keys(op.responses ?? {});
      if (
        !op.summary ||
        !op.tags?.length ||
        !codes.some((c) => c.startsWith('2')) ||
        !codes.includes('4XX')
      ) {
        incomplete.push(key);
      }
    }
    expect(incomplete).toEqual([]);
    // One summary per operation: a copied summary is a forgotten one.
    const summaries = operations().map((o) => o.op.summary);
    expect(summaries.filter((s, i) => summaries.indexOf(s) !== i)).toEqual([]);
    // Public operations need no token; the others inherit the bearer requirement.
    expect(spec.paths['/api/public/events/{id}']?.get?.security).toEqual([]);
    expect(spec.paths['/api/auth/login']?.post?.security).toEqual([]);
    expect(spec.paths['/api/events']?.get?.security).toBeUndefined();
  });

  it('passes `redocly lint` with no errors', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'taquilla-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(spec));
    const run = spawnSync(
      path.join(REPO_ROOT, 'node_modules/.bin/redocly'),
      ['lint', file, '--format=summary'],
      {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  });

  it('declares the API-key scheme and documents every webhook message with its versioned payload', () => {
    const doc = spec as unknown as {
      security: Record<string, unknown>[];
      components: { securitySchemes: Record<string, unknown>; schemas: Record<string, WebhookSchema> };
      'x-webhooks': Record<string, { post: { parameters: { name: string }[]; requestBody: unknown } }>;
    };
    expect(doc.components.securitySchemes.apiKeyAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'tqk_…',
    });
    expect(doc.security).toEqual([{ bearerAuth: [] }, { apiKeyAuth: [] }]);
    expect(Object.keys(doc['x-webhooks']).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    expect(WEBHOOK_EVENT_TYPES).toHaveLength(15);
    for (const [type, { post }] of Object.entries(doc['x-webhooks'])) {
      expect(
        post.parameters.map((p) => p.name),
        type,
      ).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      expect(JSON.stringify(post.requestBody), type).toContain('#/components/schemas/WebhookPayload');
    }
    const payload = doc.components.schemas.WebhookPayload;
    expect(payload?.required).toEqual(expect.arrayContaining(['id', 'type', 'version', 'timestamp', 'data']));
    expect(payload?.properties.version).toMatchObject({ enum: [WEBHOOK_PAYLOAD_VERSION] });
    expect(payload?.properties.type?.enum).toEqual([...WEBHOOK_EVENT_TYPES, 'webhook.test']);
  });
});

describe('a route without its own documentation', () => {
  it('fails the check: no hand-written summary, or no documented success answer', async () => {
    const other = await createTestApp({
      configure: (app) => {
        app.get(
          '/api/public/test-no-summary',
          { schema: { response: { 200: dataEnvelope(z.string()) } } },
          async () => ({ data: 'a' }),
        );
        app.get('/api/public/test-no-answer', { schema: { summary: 'No documented answer' } }, async () => ({
          data: 'a',
        }));
      },
    });
    expect(undocumentedRoutes(other.app.deps.routes)).toEqual([
      'GET /api/public/test-no-summary',
      'GET /api/public/test-no-answer',
    ]);
    await other.close();
  });
});

describe('answers checked against /api/docs', () => {
  it('a test app fails when an answer differs from its documented schema', async () => {
    const other = await createTestApp({
      configure: (app) => {
        const documented = {
          summary: 'Off its documented answer',
          response: { 200: dataEnvelope(z.object({ id: z.string() })) },
        };
        // The handler's type follows the schema; untyped JSON stands for a service that drifted from it.
        app.get('/api/public/test-off-envelope', { schema: documented }, async () =>
          JSON.parse('{ "data": { "id": 1 } }'),
        );
        app.get('/api/public/test-extra-key', { schema: documented }, async () =>
          JSON.parse('{ "data": { "id": "a", "secret": 1 } }'),
        );
      },
    });
    expect((await other.app.inject({ url: '/api/public/test-off-envelope' })).statusCode).toBe(200);
    const extra = await other.app.inject({ url: '/api/public/test-extra-key' });
    // Serialization is plain JSON: nothing is stripped in production, but the test app reports it.
    expect(extra.json()).toEqual({ data: { id: 'a', secret: 1 } });
    await expect(other.close()).rejects.toThrow(/test-off-envelope[\s\S]*test-extra-key/);
  });
});
