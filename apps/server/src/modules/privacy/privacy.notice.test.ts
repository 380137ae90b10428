import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createSellingEvent } from '../../test/factories/checkout.ts';

/** The public privacy notice over HTTP: the event's organizer as controller, the retention, es/en/ca. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const plain = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('privacy notice', () => {
  it("names the event's organizer as controller, the installation as processor, the contact and the retention", async () => {
    const s = await createSellingEvent(t.app);
    const es = await get(`/privacy/${s.event.id}`, { 'accept-language': 'es' });
    expect(es.statusCode).toBe(200);
    expect(es.headers['content-type']).toMatch(/^text\/html/);
    const text = plain(es.body);
    expect(es.body).toContain('<html lang="es"');
    expect(text).toContain('Sala Apolo organiza «Concierto de Otoño» y es el responsable del tratamiento');
    expect(text).toContain(`instalada en ${new URL(t.app.deps.config.appUrl).host}`);
    expect(es.body).toContain('<a href="mailto:hola@apolo.example">hola@apolo.example</a>');
    expect(text).toContain('El organizador guarda los datos de los pedidos hasta que pidas su borrado.');
    expect(text).toContain('Las facturas y sus rectificativas se conservan');

    await t.app.deps.db.execute(
      sql`update accounts set personal_data_retention_days = 90 where id = ${s.account.id}`,
    );
    const en = await get(`/privacy/${s.event.id}?lang=en`);
    expect(en.body).toContain('<html lang="en"');
    expect(plain(en.body)).toContain('is pseudonymised 90 days after the event ends');
    expect(String(en.headers['set-cookie'])).toContain('locale=en');
    const ca = await get(`/privacy/${s.event.id}`, { 'accept-language': 'ca' });
    expect(plain(ca.body)).toContain(
      'Sala Apolo organitza «Concierto de Otoño» i és el responsable del tractament',
    );
    expect(plain(ca.body)).toContain('se seudonimitzen 90 dies després');
  });

  it("escapes the organizer's words, and a draft or unknown event gets the general notice with 404", async () => {
    const s = await createSellingEvent(t.app);
    await t.app.deps.db.execute(
      sql`update organizers set name = '<script>alert(1)</script>' where id = ${s.organizer.id}`,
    );
    const res = await get(`/privacy/${s.event.id}`);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');

    const draft = await createSellingEvent(t.app, { status: 'DRAFT' });
    for (const url of [`/privacy/${draft.event.id}`, '/privacy/not-an-id']) {
      const gone = await get(url);
      expect(gone.statusCode, url).toBe(404);
      expect(plain(gone.body)).toContain('Cada organizador es el responsable del tratamiento');
      expect(gone.body).not.toContain('Concierto');
    }
    const general = await get('/privacy', { 'accept-language': 'en' });
    expect(general.statusCode).toBe(200);
    expect(plain(general.body)).toContain('Each organizer is the controller');
  });
});
