import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTemplates, jobs, orders } from '../../db/schema/index.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser, createAccountWithUser } from '../../test/factories/accounts.ts';
import { takeMail } from '../../test/factories/auth.ts';
import { addTicket, buyer, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';

/**
 * E-mails in the organizer's words, over HTTP: the texts saved per account and per event, the e-mails a
 * purchase really queues with them (event > account > built-in, per language), placeholders filled and
 * escaped, the platform's parts kept, the checks on what is typed, who may change them, tenancy.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Selling = Awaited<ReturnType<typeof createSellingEvent>>;
type Headers = Record<string, string>;
const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const ACCOUNT = '/api/accounts/me/email-templates';
const eventUrl = (s: Selling) => `/api/events/${s.event.id}/email-templates`;

/** The confirmation e-mail the last purchase queued (its job's payload: the message as sent). */
async function confirmationOf(short: string) {
  const [order] = await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short));
  const [job] = await t.app.deps.db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, 'email.send'),
        sql`${jobs.payload}->>'message_key' = ${`order-confirmation.${order?.id}`}`,
      ),
    );
  if (!job) throw new Error(`no confirmation for ${short}`);
  return job.payload as unknown as MailMessage;
}

/** The templates rows of the account (the database is shared by the file's tests). */
const templatesOf = (s: Selling) =>
  t.app.deps.db.select().from(emailTemplates).where(eq(emailTemplates.account_id, s.account.id));

async function sellingWithTicket() {
  const s = await createSellingEvent(t.app);
  const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 2000, quantity: 100 }] });
  return { s, ticket };
}

describe('the texts', () => {
  it('lists every kind in every language, saves one, shows it under the event as inherited, resets it', async () => {
    const { s } = await sellingWithTicket();
    const empty = await call('GET', ACCOUNT, s.headers);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toHaveLength(7 * 3);
    expect(empty.json().data[0]).toMatchObject({
      kind: 'CONFIRMATION',
      locale: 'es',
      subject: null,
      inherited: null,
      placeholders: expect.arrayContaining(['buyer_name', 'order_link']),
    });

    const saved = await call('PUT', ACCOUNT, s.headers, {
      kind: 'CONFIRMATION',
      locale: 'es',
      subject: '  ¡Nos vemos en {event_name}!  ',
      intro: 'Hola {buyer_name},\r\n\r\ngracias por venir.',
      footer: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      subject: '¡Nos vemos en {event_name}!',
      intro: 'Hola {buyer_name},\n\ngracias por venir.',
      footer: null,
    });

    const ofEvent = await call('GET', eventUrl(s), s.headers);
    const confirmation = ofEvent
      .json()
      .data.find((x: { kind: string; locale: string }) => x.kind === 'CONFIRMATION' && x.locale === 'es');
    expect(confirmation).toMatchObject({
      subject: null,
      inherited: {
        subject: '¡Nos vemos en {event_name}!',
        intro: 'Hola {buyer_name},\n\ngracias por venir.',
      },
    });

    const one = await call('GET', `${ACCOUNT}?kind=CONFIRMATION&locale=es`, s.headers);
    expect(one.json().data).toMatchObject([{ kind: 'CONFIRMATION', locale: 'es', footer: null }]);
    expect((await call('GET', `${ACCOUNT}?locale=fr`, s.headers)).statusCode).toBe(422);
    const reset = await call('DELETE', `${ACCOUNT}?kind=CONFIRMATION&locale=es`, s.headers);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toMatchObject({ subject: null, intro: null, updated_at: null });
    expect(await templatesOf(s)).toHaveLength(0);
    // Reset needs both halves of the key: a translated 422, nothing removed.
    const half = await call('DELETE', `${ACCOUNT}?kind=CONFIRMATION`, s.headers);
    expect(half.statusCode).toBe(422);
    expect(half.json().error.fields).toEqual({ locale: 'Este campo es obligatorio.' });
  });

  it('event > account > built-in, field by field, in the order language', async () => {
    const { s, ticket } = await sellingWithTicket();
    // Nothing written: the built-in texts.
    const plain = await confirmationOf(await buyWithTestCard(t.app, s.event, ticket));
    expect(plain.subject).toBe('Tu pedido para Concierto de Otoño');
    expect(plain.html).toContain('gracias por tu compra');

    await call('PUT', ACCOUNT, s.headers, {
      kind: 'CONFIRMATION',
      locale: 'es',
      subject: 'Cuenta: {event_name}',
      intro: 'Texto de la cuenta para {buyer_name}.',
      footer: 'Pie de la cuenta.',
    });
    const account = await confirmationOf(await buyWithTestCard(t.app, s.event, ticket));
    expect(account.subject).toBe('Cuenta: Concierto de Otoño');
    expect(account.html).toContain('Texto de la cuenta para Lucía Martín.');
    expect(account.html).not.toContain('gracias por tu compra');
    expect(account.html).toContain('Pie de la cuenta.');

    // The event writes only the subject: the account's opening text and footer still apply.
    const own = await call('PUT', eventUrl(s), s.headers, {
      kind: 'CONFIRMATION',
      locale: 'es',
      subject: 'Evento: {event_name} el {event_date}',
    });
    expect(own.statusCode, own.body).toBe(200);
    const event = await confirmationOf(await buyWithTestCard(t.app, s.event, ticket));
    expect(event.subject).toMatch(/^Evento: Concierto de Otoño el .+\d{4}.+Europe\/Madrid\)$/);
    expect(event.html).toContain('Texto de la cuenta para Lucía Martín.');

    // English buyers get the English texts: none written, so the built-in English ones.
    const english = await confirmationOf(
      await buyWithTestCard(t.app, s.event, ticket, { acceptLanguage: 'en' }),
    );
    expect(english.subject).toBe('Your order for Concierto de Otoño');
    expect(english.html).toContain('<html lang="en">');
    await call('PUT', eventUrl(s), s.headers, {
      kind: 'CONFIRMATION',
      locale: 'ca',
      intro: 'Hola {buyer_name}, ens veiem aviat!',
    });
    const catalan = await confirmationOf(
      await buyWithTestCard(t.app, s.event, ticket, { acceptLanguage: 'ca' }),
    );
    expect(catalan.html).toContain('Hola Lucía Martín, ens veiem aviat!');
    expect(catalan.html).toContain('<html lang="ca">');
    // Catalan's subject is still the built-in Catalan one (only its opening text was written).
    expect(catalan.subject).not.toContain('Evento:');

    // «Restablecer» on the event: back to the account's subject.
    await call('DELETE', `${eventUrl(s)}?kind=CONFIRMATION&locale=es`, s.headers);
    const back = await confirmationOf(await buyWithTestCard(t.app, s.event, ticket));
    expect(back.subject).toBe('Cuenta: Concierto de Otoño');
  });

  it('fills and escapes placeholders and typed markup; the QR codes, lines, link and legal footer stay', async () => {
    const { s, ticket } = await sellingWithTicket();
    await call('PUT', eventUrl(s), s.headers, {
      kind: 'CONFIRMATION',
      locale: 'es',
      intro: '<script>alert(1)</script> Hola {buyer_name}: tu pedido {order_id}.\nMira {order_link}.',
      footer: '<b>Organiza</b> {organizer_name}',
    });
    const short = await buyWithTestCard(t.app, s.event, ticket, { quantity: 2 });
    const mail = await confirmationOf(short);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Hola Lucía Martín: tu pedido');
    expect(mail.html).toContain(short);
    expect(mail.html).toContain('&lt;b&gt;Organiza&lt;/b&gt; Sala Apolo');
    const link = `http://localhost:3000/checkout/${s.event.id}/${short}/summary`;
    // The address typed is a link; the «Ver pedido» button is there as well.
    expect(mail.html).toContain(`<br>Mira <a href="${link}"`);
    expect(mail.html.split(`href="${link}"`).length - 1).toBe(2);
    // The order lines, total, QR codes (one per ticket, inline), the calendar file and the legal footer.
    expect(mail.html).toContain('2 × Entrada general');
    expect(mail.html).toContain('Total: 40,00');
    expect(mail.html.match(/src="cid:qr-/g)).toHaveLength(2);
    const types = (mail.attachments ?? []).map((a) => a.contentType);
    expect(types.filter((x) => x === 'image/png')).toHaveLength(2);
    expect(types.some((x) => x.startsWith('text/calendar'))).toBe(true);
    expect(mail.html).toContain('Enviado por Taquilla en nombre de Sala Apolo.');
    expect(mail.text).toContain('<script>alert(1)</script> Hola Lucía Martín');
  });

  it('the ticket e-mail to another attendee takes its texts too', async () => {
    const { s, ticket } = await sellingWithTicket();
    await call('PUT', ACCOUNT, s.headers, {
      kind: 'TICKET',
      locale: 'es',
      subject: 'Entrada de {attendee_name}',
      intro: '{buyer_name} te invita. Tu entrada: {ticket_link}',
    });
    await buyWithTestCard(t.app, s.event, ticket, {
      quantity: 2,
      attendees: [
        { first_name: 'Lucía', last_name: 'Martín', email: buyer.email },
        { first_name: 'Pau', last_name: 'Vidal', email: 'pau@example.com' },
      ],
    });
    const mails = await takeMail(t.app);
    const pau = mails.find((m) => m.to === 'pau@example.com');
    expect(pau?.subject).toBe('Entrada de Pau Vidal');
    expect(pau?.text).toContain('Lucía Martín te invita.');
    expect(pau?.links.some((l) => l.includes(`/ticket/${s.event.id}/`))).toBe(true);
    expect(pau?.text).toMatch(/Content-Type: image\/png/);
  });
});

/** The SQL statements the app sends (PGlite and node-postgres alike), as texts. */
function recordQueries() {
  const client = (t.app.deps.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
  const original = client.query;
  const texts: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [q] = args;
    texts.push(typeof q === 'string' ? q : String((q as { text?: string })?.text ?? ''));
    return original.apply(this, args);
  };
  return () => {
    client.query = original;
    return texts;
  };
}

/** The statements of a purchase's payment step (the one that completes the order and queues its e-mails). */
async function paymentStatements(s: Selling, ticket: Awaited<ReturnType<typeof addTicket>>) {
  const base = `/api/public/events/${s.event.id}/order`;
  const reserved = await t.app.inject({
    method: 'POST',
    url: base,
    payload: { tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 2 }] },
  });
  const short = reserved.json().data.short_id;
  await t.app.inject({ method: 'PUT', url: `${base}/${short}`, payload: buyer });
  const stop = recordQueries();
  const paid = await t.app.inject({
    method: 'POST',
    url: `${base}/${short}/payment`,
    payload: { provider: 'test', card_number: '4242 4242 4242 4242' },
  });
  const texts = stop();
  expect(paid.json().data.status).toBe('COMPLETED');
  // The texts are a column of the statement that reads the order, its event and items: none of their own.
  const reading = texts.filter((q) => q.includes('email_templates'));
  expect(reading).toHaveLength(1);
  expect(reading[0]).toContain('order_items');
  return { n: texts.length, short };
}

describe('the purchase hot path', () => {
  it('reads the texts with the order: the payment step sends as many statements with every text written as with none', async () => {
    const { s, ticket } = await sellingWithTicket();
    await paymentStatements(s, ticket); // warm: prepared statements, caches
    const none = await paymentStatements(s, ticket);
    for (const kind of ['CONFIRMATION', 'TICKET', 'OFFLINE_INSTRUCTIONS', 'REFUND', 'CANCELLED']) {
      for (const locale of ['es', 'en', 'ca']) {
        await call('PUT', ACCOUNT, s.headers, { kind, locale, footer: `Cuenta ${kind} ${locale}` });
        await call('PUT', eventUrl(s), s.headers, { kind, locale, subject: `Evento ${kind} ${locale}` });
      }
    }
    const all = await paymentStatements(s, ticket);
    expect(all.n).toBe(none.n);
    const mail = await confirmationOf(all.short);
    expect(mail.subject).toBe('Evento CONFIRMATION es');
    expect(mail.html).toContain('Cuenta CONFIRMATION es');
  });
});

describe('what is typed', () => {
  it('refuses unknown placeholders, lone braces and a subject of two lines, translated, writing nothing', async () => {
    const { s } = await sellingWithTicket();
    const unknown = await call('PUT', ACCOUNT, s.headers, {
      kind: 'WAITLIST_JOINED',
      locale: 'es',
      intro: 'Hola {buyer_name}, tu pedido {order_id}',
    });
    expect(unknown.statusCode).toBe(422);
    // The waiting-list sign-up has no order: the message names the placeholder and what may be used.
    expect(unknown.json().error.fields.intro).toBe(
      'El marcador {order_id} no existe en este correo. Puedes usar: {buyer_name}, {event_name}, {event_date}, {organizer_name}.',
    );
    const lone = await call(
      'PUT',
      ACCOUNT,
      { ...s.headers, 'accept-language': 'en' },
      {
        kind: 'CONFIRMATION',
        locale: 'es',
        footer: 'Hasta {event_name',
      },
    );
    expect(lone.statusCode).toBe(422);
    expect(lone.json().error.fields.footer).toBe(
      'A brace has no pair. Write placeholders in full, for example {event_name}.',
    );
    const twoLines = await call(
      'PUT',
      eventUrl(s),
      { ...s.headers, 'accept-language': 'ca' },
      {
        kind: 'CONFIRMATION',
        locale: 'es',
        subject: 'Uno\ndos',
      },
    );
    expect(twoLines.statusCode).toBe(422);
    expect(twoLines.json().error.fields.subject).toBe("L'assumpte ha d'ocupar una sola línia.");
    const tooLong = await call('PUT', ACCOUNT, s.headers, {
      kind: 'CONFIRMATION',
      locale: 'es',
      subject: 'x'.repeat(201),
    });
    expect(tooLong.statusCode).toBe(422);
    const badKind = await call('PUT', ACCOUNT, s.headers, {
      kind: 'NEWSLETTER',
      locale: 'es',
      intro: 'Hola',
    });
    expect(badKind.statusCode).toBe(422);
    const badLocale = await call('PUT', ACCOUNT, s.headers, {
      kind: 'CONFIRMATION',
      locale: 'fr',
      intro: 'Hola',
    });
    expect(badLocale.statusCode).toBe(422);
    expect(await templatesOf(s)).toHaveLength(0);
  });
});

describe('who', () => {
  it('account texts are for admins; event texts for who edits events; another account gets 404', async () => {
    const { s } = await sellingWithTicket();
    const organizer = await addUser(t.app, s.account.id, { role: 'ORGANIZER' });
    const readOnly = await addUser(t.app, s.account.id, { role: 'READ_ONLY' });
    const body = { kind: 'CONFIRMATION', locale: 'es', intro: 'Hola' };
    expect((await call('GET', ACCOUNT, organizer.headers)).statusCode).toBe(403);
    expect((await call('PUT', ACCOUNT, organizer.headers, body)).statusCode).toBe(403);
    expect((await call('POST', `${ACCOUNT}/preview`, organizer.headers, body)).statusCode).toBe(403);
    expect((await call('PUT', eventUrl(s), organizer.headers, body)).statusCode).toBe(200);
    expect((await call('GET', eventUrl(s), readOnly.headers)).statusCode).toBe(200);
    expect((await call('PUT', eventUrl(s), readOnly.headers, body)).statusCode).toBe(403);
    expect((await call('POST', `${eventUrl(s)}/test`, readOnly.headers, body)).statusCode).toBe(403);

    const other = await createAccountWithUser(t.app);
    for (const [method, url] of [
      ['GET', eventUrl(s)],
      ['PUT', eventUrl(s)],
      ['DELETE', `${eventUrl(s)}?kind=CONFIRMATION&locale=es`],
      ['POST', `${eventUrl(s)}/preview`],
      ['POST', `${eventUrl(s)}/test`],
    ] as const) {
      const res = await call(
        method,
        url,
        other.headers,
        method === 'PUT' || method === 'POST' ? body : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // The other account's own texts are its own: this account's event text is not among them.
    const theirs = await call('GET', ACCOUNT, other.headers);
    expect(theirs.json().data.every((x: { intro: string | null }) => x.intro === null)).toBe(true);
    const [row] = await t.app.deps.db
      .select()
      .from(emailTemplates)
      .where(eq(emailTemplates.event_id, s.event.id));
    expect(row).toMatchObject({ intro: 'Hola', account_id: s.account.id, updated_by: organizer.user.id });
  });
});

describe('preview and test send', () => {
  it('renders the real e-mail with the typed texts, the QR codes inline, writing nothing', async () => {
    const { s } = await sellingWithTicket();
    await call('PUT', ACCOUNT, s.headers, { kind: 'CONFIRMATION', locale: 'es', footer: 'Pie guardado.' });
    const jobsBefore = (await t.app.deps.db.select().from(jobs)).length;
    const res = await call('POST', `${eventUrl(s)}/preview`, s.headers, {
      kind: 'CONFIRMATION',
      locale: 'es',
      subject: 'Vista previa de {event_name}',
      intro: 'Sin guardar, {buyer_name}.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data;
    expect(preview.subject).toBe('Vista previa de Concierto de Otoño');
    expect(preview.html).toContain('Sin guardar, Ana García.');
    // The account's saved footer shows through where the event typed none.
    expect(preview.html).toContain('Pie guardado.');
    expect(preview.html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]{100,}"/);
    expect(preview.html).not.toContain('cid:');
    expect(preview.text).toContain('Sin guardar, Ana García.');
    expect((await t.app.deps.db.select().from(jobs)).length).toBe(jobsBefore);
    expect(await templatesOf(s)).toHaveLength(1);
  });

  it('previews every kind for the account, in each language, with the platform parts', async () => {
    const { s } = await sellingWithTicket();
    const kinds = [
      'CONFIRMATION',
      'TICKET',
      'OFFLINE_INSTRUCTIONS',
      'REFUND',
      'CANCELLED',
      'WAITLIST_OFFER',
      'WAITLIST_JOINED',
    ];
    for (const locale of ['es', 'en', 'ca']) {
      for (const kind of kinds) {
        const res = await call('POST', `${ACCOUNT}/preview`, s.headers, {
          kind,
          locale,
          footer: `Pie ${kind}`,
        });
        expect(res.statusCode, `${kind} ${locale}: ${res.body}`).toBe(200);
        const { html } = res.json().data;
        expect(html).toContain(`<html lang="${locale}">`);
        expect(html).toContain(`Pie ${kind}`);
        expect(html).toContain(s.account.name);
      }
    }
    const offer = await call('POST', `${ACCOUNT}/preview`, s.headers, {
      kind: 'WAITLIST_OFFER',
      locale: 'es',
      intro: 'Corre, {buyer_name}: {order_link}',
    });
    // The organizer's words replace the built-in text, but the deadline and the link to buy stay.
    expect(offer.json().data.html).toContain('Te guardamos las entradas hasta el');
    expect(offer.json().data.html).toContain('/details');
  });

  it('sends the rendered e-mail to the caller through the e-mail queue', async () => {
    const { s } = await sellingWithTicket();
    await takeMail(t.app);
    const res = await call('POST', `${eventUrl(s)}/test`, s.headers, {
      kind: 'CONFIRMATION',
      locale: 'es',
      intro: 'Prueba de {organizer_name}.',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data.to).toBe(s.user.email);
    const mails = await takeMail(t.app);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: s.user.email,
      subject: '[Prueba] Tu pedido para Concierto de Otoño',
    });
    expect(mails[0]?.text).toContain('Prueba de Sala Apolo.');
    expect(mails[0]?.text).toMatch(/Content-Type: image\/png/);
    // A test writes no template.
    expect(await templatesOf(s)).toHaveLength(0);
  });
});
