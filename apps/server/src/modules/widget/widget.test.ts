import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser, createAccountWithUser } from '../../test/factories/accounts.ts';
import { createSellingEvent } from '../../test/factories/checkout.ts';

/**
 * The widget's settings API and its framing policy over HTTP. The web app's built pages are stood in for
 * by four minimal HTML files (the server only fills them in), so this test does not need a web build.
 */
let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'taquilla-widget-dist-'));
  mkdirSync(dist, { recursive: true });
  for (const file of ['index.html', 'event.html', 'widget.html', 'checkout.html']) {
    writeFileSync(
      path.join(dist, file),
      `<!doctype html><html lang="es"><head><title>Taquilla</title></head><body><div id="root"></div><!-- ${file} --></body></html>`,
    );
  }
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(() => t.close());

const frameAncestors = (headers: Record<string, unknown>) =>
  /frame-ancestors ([^;]*)/.exec(String(headers['content-security-policy']))?.[1];
const pageData = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="__TAQUILLA_DATA__">(.*?)<\/script>/.exec(html)?.[1] ?? 'null',
  );

const settings = {
  allowed_origins: [],
  locale: null,
  button_text: null,
  primary_color: null,
  background_color: null,
  text_color: null,
  padding: 16,
  auto_resize: true,
};

describe('widget pages', () => {
  it('only the widget may be framed by other sites; the event page, checkout and back office refuse it', async () => {
    const { event } = await createSellingEvent(t.app);
    const widget = await t.app.inject({ url: `/widget/${event.id}?locale=en` });
    expect(widget.statusCode).toBe(200);
    expect(widget.body).toContain('widget.html');
    expect(frameAncestors(widget.headers)).toBe('*');
    expect(widget.headers['x-frame-options']).toBeUndefined();
    expect(pageData(widget.body)).toMatchObject({
      event: { id: event.id, name: 'Concierto de Otoño' },
      locale: 'en',
    });

    // The checkout steps in the frame are the checkout's light page, private like the checkout, in the
    // widget's language.
    const inFrame = await t.app.inject({ url: `/widget/${event.id}/checkout/o123/details?locale=en` });
    expect(inFrame.statusCode).toBe(200);
    expect(inFrame.body).toContain('checkout.html');
    expect(inFrame.body).toContain('<html lang="en"');
    expect(inFrame.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(frameAncestors(inFrame.headers)).toBe('*');

    for (const url of [
      `/e/${event.id}/${event.slug}`,
      `/checkout/${event.id}/o123/details`,
      '/manage/events',
      `/manage/event/${event.id}/widget`,
      '/account/payment',
      '/',
    ]) {
      const res = await t.app.inject({ url });
      expect(frameAncestors(res.headers), url).toBe("'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it("with allowed origins, only those sites (and Taquilla's preview) may frame it", async () => {
    const { event, headers } = await createSellingEvent(t.app);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}/widget`,
      headers,
      payload: {
        ...settings,
        allowed_origins: ['https://misala.es/', 'http://localhost:8080', 'https://misala.es'],
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.allowed_origins).toEqual(['https://misala.es', 'http://localhost:8080']);
    for (const url of [`/widget/${event.id}`, `/widget/${event.id}/checkout/o1/payment`]) {
      const res = await t.app.inject({ url });
      expect(frameAncestors(res.headers), url).toBe("'self' https://misala.es http://localhost:8080");
    }
  });

  it('an unknown or draft event answers the widget page with 404 and no event', async () => {
    const { event } = await createSellingEvent(t.app, { status: 'DRAFT' });
    for (const url of [`/widget/${event.id}`, '/widget/not-an-id']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(pageData(res.body).event).toBeNull();
    }
  });
});

describe('widget settings API', () => {
  it('starts with the defaults and saves the options', async () => {
    const { event, headers } = await createSellingEvent(t.app);
    const url = `/api/events/${event.id}/widget`;
    expect((await t.app.inject({ url, headers })).json().data).toEqual(settings);
    const next = {
      ...settings,
      locale: 'en',
      button_text: ' Comprar ',
      primary_color: '#e8590c',
      padding: 8,
      auto_resize: false,
    };
    const res = await t.app.inject({ method: 'PUT', url, headers, payload: next });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url, headers })).json().data).toEqual({ ...next, button_text: 'Comprar' });
  });

  it('rejects bad input with translated 422 and changes nothing', async () => {
    const { event, headers } = await createSellingEvent(t.app);
    const url = `/api/events/${event.id}/widget`;
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: {
        ...settings,
        allowed_origins: ['misala.es', 'https://misala.es/entradas'],
        primary_color: 'azul',
        padding: 100,
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toMatchObject({
      'allowed_origins.0': expect.stringContaining('origen del sitio'),
      'allowed_origins.1': expect.stringContaining('origen del sitio'),
      primary_color: 'Usa un color hexadecimal válido, p. ej. #1c7ed6.',
      padding: 'El margen interior debe estar entre 0 y 48 píxeles.',
    });
    expect((await t.app.inject({ url, headers })).json().data).toEqual(settings);
  });

  it("another account gets 404 and cannot change this event's widget; organizers may manage it", async () => {
    const { event, account, headers } = await createSellingEvent(t.app);
    const other = await createAccountWithUser(t.app);
    const url = `/api/events/${event.id}/widget`;
    expect((await t.app.inject({ url, headers: other.headers })).statusCode).toBe(404);
    const put = await t.app.inject({
      method: 'PUT',
      url,
      headers: other.headers,
      payload: { ...settings, allowed_origins: ['https://evil.example'] },
    });
    expect(put.statusCode).toBe(404);
    expect(frameAncestors((await t.app.inject({ url: `/widget/${event.id}` })).headers)).toBe('*');
    expect((await t.app.inject({ url })).statusCode).toBe(401);

    const organizer = await addUser(t.app, account.id, { role: 'ORGANIZER' });
    const ok = await t.app.inject({
      method: 'PUT',
      url,
      headers: organizer.headers,
      payload: { ...settings, button_text: 'Entradas' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url, headers })).json().data.button_text).toBe('Entradas');
  });
});
