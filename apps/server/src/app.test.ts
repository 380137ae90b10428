import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataEnvelope } from '@taquilla/shared/schemas/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './test/app.ts';
import { createAccountWithUser } from './test/factories/accounts.ts';

describe('HTTP shell', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let webDist: string;

  beforeAll(async () => {
    webDist = path.join(process.env.TMPDIR ?? '/tmp', `taquilla-dist-${process.pid}-${Date.now()}`);
    mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="es"><head><title>Taquilla</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      path.join(webDist, 'assets', 'index-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(5000))});`,
    );
    t = await createTestApp({
      env: { WEB_DIST_DIR: webDist },
      configure: (app) => {
        app.get('/api/test/boom', async () => {
          throw new Error('secret internal detail');
        });
        app.post(
          '/api/test/echo',
          {
            schema: {
              body: z.object({ name: z.string().min(3), email: z.email(), count: z.number().int().max(5) }),
            },
          },
          async (request) => ({ data: request.body }),
        );
        app.get('/api/test/slow', async () => {
          await new Promise((r) => setTimeout(r, 300));
          return { data: 'done' };
        });
      },
    });
    ({ headers } = await createAccountWithUser(t.app));
  });
  afterAll(() => t.close());

  it('GET /api/health checks the database', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok', database: t.database.kind } });
  });

  it('unknown /api routes answer a JSON 404 in Spanish by default, English on request', async () => {
    const es = await t.app.inject({ url: '/api/no-such-thing', headers });
    expect(es.statusCode).toBe(404);
    expect(es.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Esta dirección de la API no existe.' },
    });
    const en = await t.app.inject({
      url: '/api/no-such-thing',
      headers: { ...headers, 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(en.json().error.message).toBe('This API address does not exist.');
    const cookie = await t.app.inject({
      url: '/api/no-such-thing',
      headers: { ...headers, 'accept-language': 'es', cookie: 'locale=en' },
    });
    expect(cookie.json().error.message).toBe('This API address does not exist.');
  });

  it('a request without a token to a non-public route is 401', async () => {
    const res = await t.app.inject('/api/test/echo');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
    const bad = await t.app.inject({
      url: '/api/test/boom',
      headers: { authorization: 'Bearer forged.123.abc' },
    });
    expect(bad.statusCode).toBe(401);
  });

  it('malformed JSON is a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'El cuerpo de la solicitud no es un JSON válido.' },
    });
  });

  it('an oversized body is a 413 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('schema violations are a 422 with one translated message per field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers,
      payload: { name: 'ab', email: 'nope', count: 9 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Revisa los datos introducidos.',
        fields: {
          name: 'Debe tener al menos 3 caracteres.',
          email: 'Introduce un correo electrónico válido.',
          count: 'Debe ser como máximo 5.',
        },
      },
    });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...headers, 'accept-language': 'en' },
      payload: {},
    });
    expect(missing.json().error.fields.name).toBe('This field is required.');
  });

  it('a 500 hides internals', async () => {
    const res = await t.app.inject({ url: '/api/test/boom', headers });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.json().error).toEqual({
      code: 'INTERNAL',
      message: 'Se ha producido un error inesperado. Inténtalo de nuevo.',
    });
  });

  it('publishes the OpenAPI document of every route at /api/docs', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/test/echo');
  });

  it('sends security headers: the strictest policy on JSON, the app policy on pages and the API docs', async () => {
    // JSON answers, a refusal included: what a response no browser renders needs, not the page headers.
    for (const api of [await t.app.inject('/api/health'), await t.app.inject('/api/events')]) {
      expect(api.headers['x-content-type-options']).toBe('nosniff');
      expect(api.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(api.headers['strict-transport-security']).toBeDefined();
      expect(api.headers['x-frame-options']).toBe('DENY');
      expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(api.headers['x-powered-by']).toBeUndefined();
      expect(api.headers['referrer-policy']).toBeUndefined();
      expect(api.headers['x-xss-protection']).toBeUndefined();
    }
    for (const url of ['/manage/events', '/api/docs/']) {
      const page = await t.app.inject(url);
      expect(page.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(page.headers['content-security-policy'], url).toContain('https://js.stripe.com');
      expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('serves index.html for client routes and hashed assets with long cache, compressed', async () => {
    const root = await t.app.inject('/');
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
    const page = await t.app.inject('/manage/events');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
    const asset = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(['br', 'gzip']).toContain(asset.headers['content-encoding']);
  });

  it('finishes in-flight requests when closing', async () => {
    // Close only once the request is inside its handler (a fixed wait failed under load: the request
    // had not arrived yet, and a closing server rightly answers 503 to new requests).
    let started!: () => void;
    const inHandler = new Promise<void>((resolve) => {
      started = resolve;
    });
    const other = await createTestApp({
      listen: true,
      configure: (app) => {
        const slow = { summary: 'A slow answer', response: { 200: dataEnvelope(z.string()) } };
        app.get('/api/public/test-slow', { schema: slow }, async () => {
          started();
          await new Promise((r) => setTimeout(r, 400));
          return { data: 'done' };
        });
      },
    });
    const pending = fetch(`${other.url}/api/public/test-slow`).then((r) => r.json());
    await inHandler;
    await other.close();
    await expect(pending).resolves.toEqual({ data: 'done' });
  });

  it('health answers 503 with the reason when REDIS_URL does not answer (login would fail)', async () => {
    const other = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1/0' } });
    try {
      const res = await other.app.inject('/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message:
          'El servicio no está disponible: Redis (REDIS_URL), donde se cuentan los límites de intentos, no responde.',
      });
    } finally {
      await other.close();
    }
  });

  it('health answers 503 when the database is down', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
    await other.close();
  });
});
