import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { attendees } from '../../db/schema/index.ts';
import { SEND_EMAIL_JOB } from '../../lib/mailer.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  addQuestion,
  addTicket,
  buyWithTestCard,
  createSellingEvent,
} from '../../test/factories/checkout.ts';
import { buildWebWithServerBundle } from '../../test/web-bundle.ts';

/** The ticket page's forms (no script): fix the name, pass the ticket on, and what the page says. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true, env: { WEB_DIST_DIR: await buildWebWithServerBundle() } });
});
afterAll(() => t?.close());

async function ticketOf(
  settings: Record<string, unknown>,
  before: (event: { id: string; account_id: string }) => Promise<unknown> = async () => null,
) {
  const s = await createSellingEvent(t.app, { settings });
  const ticket = await addTicket(t.app, s.event);
  await before(s.event);
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
const post = (url: string, form: Record<string, string> | [string, string][], lang = 'es') =>
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
    expect(before.html).toContain('Puedes corregir el nombre y las respuestas hasta el');

    const saved = await post(`${d.url}/holder`, { first_name: 'Lucia', last_name: 'Martín Soler' }, 'en');
    expect(saved.status).toBe(200);
    expect(saved.html).toContain('Details saved.');
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

  it('edits the answers with the form alone: current answers shown, a bad one refused by name, good ones saved', async () => {
    const q: Record<string, { id: string }> = {};
    const d = await ticketOf(RULES, async (event) => {
      const ask = (title: string, type: string, options: string[] = []) =>
        addQuestion(t.app, event, { title, belongs_to: 'ATTENDEE', type: type as never, options });
      q.phone = await ask('Teléfono', 'PHONE');
      q.days = await ask('Días', 'MULTI_SELECT', ['Viernes', 'Sábado']);
      q.terms = await ask('Acepto las normas', 'CHECKBOX');
      q.size = await ask('Talla', 'RADIO', ['S', 'M']);
      q.company = await addQuestion(t.app, event, { title: 'Empresa', belongs_to: 'ORDER' });
    });
    const id = (k: string) => q[k]?.id ?? '';
    const form = await page(d.url);
    expect(form.html).toContain(`name="answers.${id('phone')}"`);
    expect(form.html).toContain(`name="order_answers.${id('company')}"`);
    expect(form.html).toContain('type="tel"');

    const fields = (phone: string): [string, string][] => [
      ['first_name', 'Lucía'],
      ['last_name', 'Martín'],
      [`answers.${id('phone')}`, phone],
      [`answers.${id('days')}`, 'Viernes'],
      [`answers.${id('days')}`, 'Sábado'],
      [`answers.${id('terms')}`, 'true'],
      [`answers.${id('size')}`, 'M'],
      [`order_answers.${id('company')}`, 'Acme SL'],
    ];
    const bad = await post(`${d.url}/holder`, fields('123'), 'en');
    expect(bad.status).toBe(422);
    expect(bad.html).toContain(
      'Teléfono: Enter a valid phone number: 6 to 15 digits, with a leading + if international.',
    );
    // The form comes back open with what was typed.
    expect(bad.html).toMatch(/<details open="">/);
    expect(bad.html).toContain('value="123"');
    const unchanged = await t.app.deps.db.select().from(attendees).where(eq(attendees.id, d.holder.id));
    expect(unchanged[0]?.answers).toEqual({});

    const good = await post(`${d.url}/holder`, fields('+34 600 123 456'));
    expect(good.status).toBe(200);
    expect(good.html).toContain('Datos guardados.');
    const [saved] = await t.app.deps.db.select().from(attendees).where(eq(attendees.id, d.holder.id));
    expect(saved?.answers).toEqual({
      [id('phone')]: '+34 600 123 456',
      [id('days')]: ['Viernes', 'Sábado'],
      [id('terms')]: true,
      [id('size')]: 'M',
    });
    // The page shows the saved answers in the form.
    expect(good.html).toContain('value="+34 600 123 456"');
    const radio = (value: string) =>
      new RegExp(`<input[^>]*name="answers.${id('size')}"[^>]*value="${value}"[^>]*>`).exec(good.html)?.[0] ??
      '';
    expect(radio('M')).toContain(`name="answers.${id('size')}"`);
    expect(radio('M')).toContain('checked=""');
    expect(radio('S')).not.toContain('checked');
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
