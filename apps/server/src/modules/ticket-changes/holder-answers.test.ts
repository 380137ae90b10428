import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees, orderActivities, orders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  addQuestion,
  addTicket,
  buyWithTestCard,
  createSellingEvent,
} from '../../test/factories/checkout.ts';

/**
 * The holder corrects the answers to the event's questions over HTTP, every question type checked by the
 * checker checkout and the organizer use; the order's answers on the buyer's own ticket; the window, a
 * cancelled ticket, and the PDF read back with pdftotext.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(() => t.close());

const ALLOW = {
  attendee_edits_allowed: true,
  attendee_edits_until_hours: 2,
  transfers_allowed: false,
  transfers_until_hours: 2,
  max_transfers_per_ticket: 1,
};

async function setup(settings: Record<string, unknown> = ALLOW) {
  const s = await createSellingEvent(t.app, { settings });
  const ticket = await addTicket(t.app, s.event);
  const ask = (title: string, type: string, extra: Record<string, unknown> = {}) =>
    addQuestion(t.app, s.event, { title, belongs_to: 'ATTENDEE', type: type as never, ...extra });
  const q = {
    nick: await ask('Apodo', 'SINGLE_LINE_TEXT', { required: true }),
    notes: await ask('Alergias', 'MULTI_LINE_TEXT'),
    terms: await ask('Acepto las normas', 'CHECKBOX', { options: [] }),
    extras: await ask('Extras', 'CHECKBOX', { options: ['Parking', 'Cena'] }),
    size: await ask('Talla', 'RADIO', { options: ['S', 'M', 'L'] }),
    menu: await ask('Menú', 'DROPDOWN', { options: ['Carne', 'Vegetariano'] }),
    days: await ask('Días', 'MULTI_SELECT', { options: ['Viernes', 'Sábado'] }),
    birth: await ask('Nacimiento', 'DATE'),
    phone: await ask('Teléfono', 'PHONE'),
    address: await ask('Dirección', 'ADDRESS'),
    secret: await ask('Nota interna', 'SINGLE_LINE_TEXT', { is_hidden: true }),
  };
  const company = await addQuestion(t.app, s.event, { title: 'Empresa', belongs_to: 'ORDER' });
  await buyWithTestCard(t.app, s.event, ticket, {
    attendees: [
      {
        first_name: 'Lucía',
        last_name: 'Martín',
        email: 'lucia@example.com',
        answers: { [q.nick.id]: 'Lu' },
      },
    ],
  });
  const [holder] = await t.app.deps.db.select().from(attendees).where(eq(attendees.event_id, s.event.id));
  if (!holder) throw new Error('no holder');
  const url = `/api/public/events/${s.event.id}/attendees/${holder.short_id}`;
  return { ...s, holder, q, company, url };
}
type Setup = Awaited<ReturnType<typeof setup>>;

const edit = (d: Setup, payload: Record<string, unknown>, lang = 'en') =>
  t.app.inject({
    method: 'PUT',
    url: `${d.url}/holder`,
    headers: { 'accept-language': lang },
    payload: { first_name: 'Lucía', last_name: 'Martín', ...payload },
  });
const now = async (d: Setup) =>
  (await t.app.deps.db.select().from(attendees).where(eq(attendees.id, d.holder.id)))[0];
const orderOf = async (d: Setup) =>
  (await t.app.deps.db.select().from(orders).where(eq(orders.id, d.holder.order_id)))[0];

function pdfText(pdf: Buffer) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'answers-')), 'ticket.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
}

describe('holder answers', () => {
  it('offers the ticket and order questions with the current answers, never the hidden ones', async () => {
    const d = await setup();
    const res = await t.app.inject({ url: `${d.url}/changes` });
    expect(res.statusCode, res.body).toBe(200);
    const questions = res.json().data.questions as { id: string; belongs_to: string; value: unknown }[];
    expect(questions.find((q) => q.id === d.q.nick.id)?.value).toBe('Lu');
    expect(questions.find((q) => q.id === d.company.id)?.belongs_to).toBe('ORDER');
    expect(questions.some((q) => q.id === d.q.secret.id)).toBe(false);
    expect(questions).toHaveLength(11);
  });

  it('refuses a bad answer of every type with a translated 422 naming the field, and changes nothing', async () => {
    const d = await setup();
    const before = await now(d);
    const cases: [keyof Setup['q'], unknown, string][] = [
      ['nick', '', 'This question is required.'],
      ['nick', 'a'.repeat(256), 'Write at most 255 characters.'],
      ['notes', 'a'.repeat(5001), ''],
      ['terms', 'yes', 'Tick the box or leave it unticked.'],
      ['extras', ['Parking', 'Helicóptero'], 'Choose one of the options.'],
      ['size', 'XL', 'Choose one of the options.'],
      ['menu', 'Pescado', 'Choose one of the options.'],
      ['days', ['Viernes', 'Viernes'], 'Choose one of the options.'],
      ['birth', '2024-02-30', 'Enter a valid date (day, month and year).'],
      ['birth', '30/01/2024', 'Enter a valid date (day, month and year).'],
      ['phone', '12345', 'Enter a valid phone number: 6 to 15 digits, with a leading + if international.'],
      [
        'phone',
        '+34 abc 123 456',
        'Enter a valid phone number: 6 to 15 digits, with a leading + if international.',
      ],
      ['address', ['Calle Mayor'], ''],
    ];
    for (const [key, value, message] of cases) {
      const id = d.q[key].id;
      const answers = { [d.q.nick.id]: 'Lu', [id]: value };
      const res = await edit(d, { first_name: 'Otra', answers });
      expect(res.statusCode, `${key} ${JSON.stringify(value)}: ${res.body}`).toBe(422);
      const fields = res.json().error.fields as Record<string, string>;
      const field = Object.keys(fields).find((f) => f.startsWith(`answers.${id}`));
      expect(field, `${key}: ${res.body}`).toBeDefined();
      if (message) expect(fields[field ?? '']).toBe(message);
    }
    // A question of another event, and order answers where the page asks none: unknown.
    const unknown = await edit(d, { answers: { '00000000-0000-4000-8000-000000000000': 'x' } }, 'es');
    expect(unknown.statusCode).toBe(422);
    expect(Object.values(unknown.json().error.fields)).toContain('Pregunta desconocida.');
    expect(await now(d)).toEqual(before);
  });

  it('saves good answers of every type and the order answers, logs them, and the PDF shows them', async () => {
    const d = await setup();
    const answers = {
      [d.q.nick.id]: ' Lucy ',
      [d.q.notes.id]: 'Nueces\nMarisco',
      [d.q.terms.id]: true,
      [d.q.extras.id]: ['Cena'],
      [d.q.size.id]: 'M',
      [d.q.menu.id]: 'Vegetariano',
      [d.q.days.id]: ['Viernes', 'Sábado'],
      [d.q.birth.id]: '1990-05-17',
      [d.q.phone.id]: '+34 600 12 34 56',
      [d.q.address.id]: 'Carrer Gran, 1\n08001 Barcelona',
    };
    const res = await edit(d, { answers, order_answers: { [d.company.id]: 'Acme SL' } });
    expect(res.statusCode, res.body).toBe(200);
    const saved = await now(d);
    expect(saved?.answers).toEqual({ ...answers, [d.q.nick.id]: 'Lucy' });
    expect(saved?.short_id).toBe(d.holder.short_id);
    expect((await orderOf(d))?.answers).toEqual({ [d.company.id]: 'Acme SL' });

    const [log] = await t.app.deps.db
      .select()
      .from(orderActivities)
      .where(and(eq(orderActivities.order_id, d.holder.order_id), eq(orderActivities.kind, 'HOLDER_EDITED')));
    expect(log?.details).toMatchObject({ fields: ['answers', 'order_answers'] });
    expect(String(log?.details.attendee)).toMatch(/^Lucía Martín · Empresa, Apodo, Alergias/);

    const pdf = await t.app.inject({ url: `${d.url}/pdf`, headers: { 'accept-language': 'es' } });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const shown of ['Lucy', 'Vegetariano', 'Viernes, Sábado', '1990-05-17', '+34 600 12 34 56', 'Sí']) {
      expect(text).toContain(shown);
    }
    expect(text).toMatch(/TALLA\s+M/);

    // Unticking and clearing optional answers removes them; the same answers again log nothing new.
    const cleared = await edit(d, { answers: { [d.q.nick.id]: 'Lucy', [d.q.terms.id]: false } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await now(d))?.answers).toEqual({ [d.q.nick.id]: 'Lucy' });
    await edit(d, { answers: { [d.q.nick.id]: 'Lucy' } });
    const logs = await t.app.deps.db
      .select()
      .from(orderActivities)
      .where(and(eq(orderActivities.order_id, d.holder.order_id), eq(orderActivities.kind, 'HOLDER_EDITED')));
    expect(logs).toHaveLength(2);
  });

  it("lets only the buyer's own ticket change the order's answers", async () => {
    const d = await setup();
    // The organizer gives the ticket to someone else's address: no longer the buyer's own.
    await t.app.deps.db
      .update(attendees)
      .set({ email: 'amiga@example.com' })
      .where(eq(attendees.id, d.holder.id));
    const changes = await t.app.inject({ url: `${d.url}/changes` });
    const listed = changes.json().data.questions as { belongs_to: string }[];
    expect(listed.some((q) => q.belongs_to === 'ORDER')).toBe(false);
    const res = await edit(d, { order_answers: { [d.company.id]: 'Otra SL' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.fields)).toEqual([`order_answers.${d.company.id}`]);
    expect((await orderOf(d))?.answers).toEqual({});
  });

  it('refuses outside the window, when edits are off, and on a cancelled ticket', async () => {
    const answers = (d: Setup) => ({ [d.q.nick.id]: 'Cambio' });
    const late = await setup({ ...ALLOW, attendee_edits_until_hours: 1000 });
    const refusedLate = await edit(late, { answers: answers(late) });
    expect(refusedLate.statusCode).toBe(409);
    expect(refusedLate.json().error.code).toBe('DEADLINE_PASSED');
    expect((await t.app.inject({ url: `${late.url}/changes` })).json().data.questions).toEqual([]);

    const off = await setup({});
    expect((await edit(off, { answers: answers(off) })).statusCode).toBe(403);

    const gone = await setup();
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/events/${gone.event.id}/attendees/${gone.holder.id}/cancel`,
      headers: gone.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await edit(gone, { answers: answers(gone) })).statusCode).toBe(404);

    for (const d of [late, off, gone]) expect((await now(d))?.answers).toEqual({ [d.q.nick.id]: 'Lu' });
  });
});
