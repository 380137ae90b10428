import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { attendees } from '../../db/schema/index.ts';
import { SEND_EMAIL_JOB } from '../../lib/mailer.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTicket, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';
import { buildWebWithServerBundle } from '../../test/web-bundle.ts';

/** The ticket page's forms (no script): fix the name, pass the ticket on, and what the page says. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true, env: { WEB_DIST_DIR: await buildWebWithServerBundle() } });
});
afterAll(() => t?.close());

async function ticketOf(settings: Record<string, unknown>) {
  const s = await createSellingEvent(t.app, { settings });
  const ticket = await addTicket(t.app, s.event);
  await buyWithTestCard(t.app, s.event, ticket, {
    attendees: [{ first_name: 'Lucía', last_name: 'Martín', email: 'lucia@example.com' }],
  });
  const [holder] = await t.app.deps.db.select().from(attendees).where(eq(attendees.event_id, s.event.id));
  if (!holder) throw new Error('no holder');
  return { event: s.event, holder, url: `/ticket/${s.event.id}/${holder.short_id}` };
}

const page = (url: string, lang = 'es') =>
  fetch(`${t.url}${url}`, { headers: { 'accept-language': lang } }).then(async (r) => ({
    status: r.status,
    html: await r.text(),
  }));
const post = (url: string, form: Record<string, string>, lang = 'es') =>
  fetch(`${t.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang },
    body: new URLSearchParams(form).toString(),
  }).then(async (r) => ({ status: r.status, html: await r.text() }));

const RULES = {
  attendee_edits_allowed: true,
  attendee_edits_until_hours: 2,
  transfers_allowed: true,
  transfers_until_hours: 2,
  max_transfers_per_ticket: 1,
};

describe('ticket page forms', () => {
  it('offers the forms the event allows, saves a name, and transfers the ticket', async () => {
    const d = await ticketOf(RULES);
    const before = await page(d.url);
    expect(before.html).toContain(`action="${d.url}/holder"`);
    expect(before.html).toContain(`action="${d.url}/transfer"`);
    expect(before.html).toContain('Puedes corregir el nombre hasta el');

    const saved = await post(`${d.url}/holder`, { first_name: 'Lucia', last_name: 'Martín Soler' }, 'en');
    expect(saved.status).toBe(200);
    expect(saved.html).toContain('Name saved.');
    expect(saved.html).toContain('Lucia Martín Soler');
    // Its language links (and a reload) go back to the ticket's own address.
    const back = await fetch(`${t.url}${d.url}/holder?lang=ca`, { redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${d.url}?lang=ca`);

    const refused = await post(
      `${d.url}/transfer`,
      { first_name: 'Pedro', last_name: 'Ruiz', email: 'x' },
      'en',
    );
    expect(refused.status).toBe(422);
    expect(refused.html).toContain('Enter a valid e-mail address.');

    const moved = await post(`${d.url}/transfer`, {
      first_name: 'Pedro',
      last_name: 'Ruiz',
      email: 'pedro@example.com',
      locale: 'ca',
    });
    expect(moved.status).toBe(200);
    expect(moved.html).toContain('La entrada es ahora de Pedro Ruiz');
    expect((await page(d.url)).status).toBe(404);
  });

  it('shows nothing to change when the event allows nothing, and refuses a form sent anyway', async () => {
    const d = await ticketOf({});
    const before = await page(d.url);
    expect(before.status).toBe(200);
    expect(before.html).not.toContain('/transfer"');
    const refused = await post(
      `${d.url}/transfer`,
      {
        first_name: 'Pedro',
        last_name: 'Ruiz',
        email: 'pedro@example.com',
      },
      'ca',
    );
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('L&#x27;organitzador no permet transferir les entrades');
  });
});

describe('find my tickets pages', () => {
  it('links from the ticket page, sends the link, and lists the tickets once the link is opened', async () => {
    const d = await ticketOf({});
    const ticketPage = await page(d.url);
    expect(ticketPage.html).toContain(`href="/find-tickets/${d.event.id}"`);

    const form = await page(`/find-tickets/${d.event.id}`, 'ca');
    expect(form.status).toBe(200);
    expect(form.html).toContain('Has perdut les entrades?');
    const sent = await post(`/find-tickets/${d.event.id}`, { email: 'lucia@example.com' }, 'en');
    expect(sent.status).toBe(202);
    expect(sent.html).toContain('If there are tickets bought with this address');
    const [job] = rowsOf<{ text: string }>(
      await t.app.deps.db.execute(
        sql`select payload->>'text' as text from jobs where kind = ${SEND_EMAIL_JOB}
            and payload->>'email_kind' = 'FIND_TICKETS' and payload->>'to' = 'lucia@example.com'`,
      ),
    );
    const link = /http:\/\/localhost:3000(\/find-tickets\/[^\s?]+)/.exec(job?.text ?? '')?.[1] ?? '';
    expect(link).toContain(d.event.id);

    // Opening the address only shows a button (a mail scanner following it uses nothing up).
    const opened = await page(link);
    expect(opened.html).toContain('data-testid="open-link"');
    const list = await post(link, {});
    expect(list.status).toBe(200);
    expect(list.html).toContain(`href="http://localhost:3000/ticket/${d.event.id}/${d.holder.short_id}"`);
    const again = await post(link, {}, 'en');
    expect(again.status).toBe(404);
    expect(again.html).toContain('This link has expired or has already been used.');
  });
});
