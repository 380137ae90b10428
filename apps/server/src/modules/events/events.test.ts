import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkInLists,
  events,
  promoCodes,
  questions,
  ticketPrices,
  tickets,
  ticketTaxes,
} from '../../db/schema/index.ts';
import { one } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addUser, createAccountWithUser } from '../../test/factories/accounts.ts';
import {
  createEvent,
  createOrganizer,
  insertCompletedOrder,
  insertTicket,
} from '../../test/factories/events.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAccountWithUser>>;
let other: Awaited<ReturnType<typeof createAccountWithUser>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createAccountWithUser(t.app, { role: 'ADMIN' });
  other = await createAccountWithUser(t.app, { role: 'ADMIN' });
});
afterAll(() => t.close());

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) => t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
const day = 24 * 3600 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * day).toISOString();

describe('POST /api/events', () => {
  it('creates a draft with a slug without accents and fills defaults', async () => {
    await inject('PUT', '/api/accounts/me/event-defaults', owner.headers, {
      timezone: 'America/Mexico_City',
      currency: 'MXN',
      order_timeout_minutes: 25,
      attendee_details_mode: 'PER_ORDER',
      support_email: 'ayuda@example.com',
    });
    const organizer = await createOrganizer(t.app, owner.headers);
    const res = await inject('POST', '/api/events', owner.headers, {
      name: 'Música en Córdoba: Señales',
      organizer_id: organizer.id,
      start_date: inDays(10),
      description:
        '<p>Hola <script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">enlace</a></p>',
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      slug: 'musica-en-cordoba-senales',
      status: 'DRAFT',
      timezone: 'America/Mexico_City',
      currency: 'MXN',
      organizer: { id: organizer.id, name: organizer.name },
      settings: {
        order_timeout_minutes: 25,
        attendee_details_mode: 'PER_ORDER',
        support_email: 'ayuda@example.com',
      },
    });
    expect(data.description).not.toMatch(/script|javascript:|onclick/);
    expect(data.description).toContain('enlace');
    await inject('PUT', '/api/accounts/me/event-defaults', owner.headers, {
      timezone: null,
      currency: null,
      order_timeout_minutes: null,
      attendee_details_mode: null,
      support_email: null,
    });
  });

  it('rejects bad input with translated 422s and creates nothing', async () => {
    const organizer = await createOrganizer(t.app, owner.headers);
    const { n: before } = one(await countEvents());
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ name: 'x'.repeat(150) }, 'name', /menos de 150/],
      [{ end_date: inDays(5) }, 'end_date', /posterior/],
      [{ organizer_id: undefined }, 'organizer_id', /obligatorio/],
      [{ organizer_id: (await createOrganizer(t.app, other.headers)).id }, 'organizer_id', /no existe/],
      [{ description: 'a'.repeat(50_001) }, 'description', /50\.000/],
      [{ timezone: 'Marte/Olympus' }, 'timezone', /zona horaria/],
      [{ currency: 'EURO' }, 'currency', /moneda/],
      [{ start_date: 'mañana' }, 'start_date', /fecha/],
    ];
    for (const [patch, field, message] of cases) {
      const res = await inject('POST', '/api/events', owner.headers, {
        name: 'Feria',
        organizer_id: organizer.id,
        start_date: inDays(6),
        ...patch,
      });
      expect(res.statusCode, field).toBe(422);
      expect(res.json().error.fields[field], field).toMatch(message);
    }
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { ...owner.headers, 'accept-language': 'en' },
      payload: { name: 'Fair', organizer_id: organizer.id, start_date: inDays(6), end_date: inDays(5) },
    });
    expect(en.json().error.fields.end_date).toBe('The end date must be after the start date.');
    const { n: after } = one(await countEvents());
    expect(after).toBe(before);
  });

  it('lets an ORGANIZER user create events', async () => {
    const { addUser } = await import('../../test/factories/accounts.ts');
    const organizerUser = await addUser(t.app, owner.account.id, { role: 'ORGANIZER' });
    const event = await createEvent(t.app, organizerUser.headers);
    expect(event.status).toBe('DRAFT');
  });
});

async function countEvents() {
  const rows = await t.app.deps.db.select({ id: events.id }).from(events);
  return [{ n: rows.length }];
}

describe('GET /api/events', () => {
  it('lists by state, searches, sorts, paginates, filters and shows key figures', async () => {
    const acc = await createAccountWithUser(t.app);
    const org = await createOrganizer(t.app, acc.headers);
    const org2 = await createOrganizer(t.app, acc.headers);
    const future = await createEvent(t.app, acc.headers, {
      name: 'Zarzuela de verano',
      organizer_id: org.id,
    });
    const past = await createEvent(t.app, acc.headers, {
      name: 'Concierto pasado',
      organizer_id: org.id,
      start_date: inDays(-10),
      end_date: inDays(-9),
    });
    const archived = await createEvent(t.app, acc.headers, { name: 'Archivado', organizer_id: org2.id });
    await inject('PUT', `/api/events/${archived.id}/status`, acc.headers, { status: 'ARCHIVED' });
    const { ticket, price } = await insertTicket(t.app, acc.account.id, future.id);
    const item = { ticketId: ticket.id, priceId: price.id, unitCents: 2500, quantity: 3 };
    await insertCompletedOrder(t.app, acc.account.id, future.id, item);
    await insertCompletedOrder(t.app, acc.account.id, future.id, { ...item, quantity: 1 });
    await insertCompletedOrder(t.app, acc.account.id, future.id, item, 'CANCELLED');

    const names = async (qs: string) => {
      const res = await inject('GET', `/api/events?${qs}`, acc.headers);
      expect(res.statusCode, qs).toBe(200);
      return res.json().data.map((e: { name: string }) => e.name);
    };
    expect(await names('eventsState=upcoming')).toEqual(['Zarzuela de verano']);
    expect(await names('eventsState=ended')).toEqual(['Concierto pasado']);
    expect(await names('eventsState=archived')).toEqual(['Archivado']);
    expect(await names('query=zarZUela')).toEqual(['Zarzuela de verano']);
    expect(await names('sort_by=name&sort_direction=asc')).toEqual([
      'Archivado',
      'Concierto pasado',
      'Zarzuela de verano',
    ]);
    expect(await names('filter_fields[status][eq]=ARCHIVED')).toEqual(['Archivado']);
    expect(await names(`filter_fields[organizer_id][eq]=${org2.id}`)).toEqual(['Archivado']);

    const page = await inject('GET', '/api/events?per_page=2&page=2&sort_by=name', acc.headers);
    expect(page.json().meta).toEqual({ current_page: 2, per_page: 2, total: 3, last_page: 2 });
    expect(page.json().data.map((e: { name: string }) => e.name)).toEqual(['Zarzuela de verano']);

    const list = (await inject('GET', '/api/events', acc.headers)).json().data;
    const card = list.find((e: { id: string }) => e.id === future.id);
    expect(card.stats).toEqual({
      tickets_sold: 4,
      orders_count: 2,
      gross_revenue_cents: 10_000,
      refunded_cents: 0,
      net_revenue_cents: 10_000,
      revenue_cents: 10_000,
    });
    expect(list.find((e: { id: string }) => e.id === past.id).lifecycle).toBe('ended');

    // Another account sees none of these.
    expect(
      (await inject('GET', '/api/events', other.headers)).json().data.map((e: { id: string }) => e.id),
    ).not.toContain(future.id);
  });

  it('answers 422 for unknown parameters, filters and states', async () => {
    for (const qs of [
      'eventsState=soon',
      'sort_by=password',
      'filter_fields[account_id][eq]=x',
      'filter_fields[status][like]=LIVE',
      'per_page=1000',
      'color=red',
    ]) {
      const res = await inject('GET', `/api/events?${qs}`, owner.headers);
      expect(res.statusCode, qs).toBe(422);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('event by id', () => {
  it('reads and updates; slug follows the name; 404 for another account', async () => {
    const event = await createEvent(t.app, owner.headers);
    const res = await inject('PUT', `/api/events/${event.id}`, owner.headers, {
      name: 'Noche de Jazz',
      location: { venue_name: 'Sala Clamores', city: 'Madrid' },
      description: '<p>Cuarteto <img src=x onerror=alert(1)> en directo</p>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Noche de Jazz',
      slug: 'noche-de-jazz',
      location: { venue_name: 'Sala Clamores', city: 'Madrid' },
      checklist: { event_details: true, tickets_created: false, event_published: false },
    });
    expect(res.json().data.description).not.toMatch(/onerror|<img/);

    const bad = await inject('PUT', `/api/events/${event.id}`, owner.headers, {
      end_date: new Date(Date.now()).toISOString(),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.end_date).toMatch(/posterior/);
    const unknownKey = await inject('PUT', `/api/events/${event.id}`, owner.headers, { status: 'LIVE' });
    expect(unknownKey.statusCode).toBe(422);
    const still = (await inject('GET', `/api/events/${event.id}`, owner.headers)).json().data;
    expect(still.name).toBe('Noche de Jazz');
    expect(still.status).toBe('DRAFT');

    for (const [method, url, body] of [
      ['GET', `/api/events/${event.id}`, undefined],
      ['PUT', `/api/events/${event.id}`, { name: 'Robado' }],
      ['PUT', `/api/events/${event.id}/status`, { status: 'ARCHIVED' }],
      ['POST', `/api/events/${event.id}/duplicate`, {}],
      ['GET', `/api/events/${event.id}/settings`, undefined],
      ['PUT', `/api/events/${event.id}/settings`, { seo_title: 'x' }],
    ] as const) {
      const r = await inject(method, url, other.headers, body);
      expect(r.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await inject('GET', `/api/events/${event.id}`, owner.headers)).json().data.name).toBe(
      'Noche de Jazz',
    );
    expect((await inject('GET', '/api/events/not-a-uuid', owner.headers)).statusCode).toBe(422);
    expect((await inject('GET', '/api/events', {})).statusCode).toBe(401);
  });
});

describe('PUT /api/events/:id/status', () => {
  it('needs a ticket to go live, then unpublishes, archives and restores', async () => {
    const event = await createEvent(t.app, owner.headers);
    const noTicket = await inject('PUT', `/api/events/${event.id}/status`, owner.headers, { status: 'LIVE' });
    expect(noTicket.statusCode).toBe(409);
    expect(noTicket.json().error.message).toBe('Crea al menos una entrada antes de publicar el evento.');

    const { ticket } = await insertTicket(t.app, owner.account.id, event.id);
    await t.app.deps.db.update(tickets).set({ deleted_at: new Date() }).where(eq(tickets.id, ticket.id));
    expect(
      (await inject('PUT', `/api/events/${event.id}/status`, owner.headers, { status: 'LIVE' })).statusCode,
    ).toBe(409);

    await insertTicket(t.app, owner.account.id, event.id);
    const steps: [string, number, string][] = [
      ['LIVE', 200, 'LIVE'],
      ['DRAFT', 200, 'DRAFT'],
      ['ARCHIVED', 200, 'ARCHIVED'],
      ['LIVE', 409, 'ARCHIVED'],
      ['DRAFT', 200, 'DRAFT'],
    ];
    for (const [status, code, after] of steps) {
      const res = await inject('PUT', `/api/events/${event.id}/status`, owner.headers, { status });
      expect(res.statusCode, status).toBe(code);
      const now = (await inject('GET', `/api/events/${event.id}`, owner.headers)).json().data.status;
      expect(now).toBe(after);
    }
    const bad = await inject('PUT', `/api/events/${event.id}/status`, owner.headers, { status: 'PUBLISHED' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.status).toMatch(/DRAFT, LIVE, ARCHIVED/);
  });
});

describe('publishing needs payment methods that can take money', () => {
  const publish = (id: string, headers: Record<string, string> = owner.headers) =>
    inject('PUT', `/api/events/${id}/status`, headers, { status: 'LIVE' });
  const setProviders = (id: string, settings: Record<string, unknown>) =>
    t.app.deps.db
      .update(events)
      .set({ settings: { payment_providers: ['stripe'], ...settings } })
      .where(eq(events.id, id));

  it('refuses a paid event whose only method is Stripe without keys, saying which and why', async () => {
    const event = await createEvent(t.app, owner.headers);
    await insertTicket(t.app, owner.account.id, event.id);
    // As an event saved before this rule (or before the keys were removed) may hold.
    await setProviders(event.id, {});
    const res = await publish(event.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(
      /^Tarjeta \(Stripe\) no puede cobrar: Stripe no está configurado/,
    );
    const en = await publish(event.id, { ...owner.headers, 'accept-language': 'en' });
    expect(en.json().error.message).toMatch(/^Card \(Stripe\) cannot take payments/);
    const after = (await inject('GET', `/api/events/${event.id}`, owner.headers)).json().data;
    expect(after.status).toBe('DRAFT');
    expect(after.checklist.payment_set_up).toBe(false);

    // Offline without instructions cannot take money either, even beside a method that works.
    await setProviders(event.id, { payment_providers: ['test', 'offline'] });
    const offline = await publish(event.id);
    expect(offline.statusCode).toBe(409);
    expect(offline.json().error.message).toMatch(
      /^Pago sin conexión no puede cobrar: faltan las instrucciones/,
    );

    await setProviders(event.id, {
      payment_providers: ['offline'],
      offline_payment_instructions: 'IBAN ES12',
    });
    expect(
      (await inject('GET', `/api/events/${event.id}`, owner.headers)).json().data.checklist.payment_set_up,
    ).toBe(true);
    expect((await publish(event.id)).statusCode).toBe(200);
  });

  it('lets a free-only event go live whatever its payment methods', async () => {
    const event = await createEvent(t.app, owner.headers);
    await insertTicket(t.app, owner.account.id, event.id, { priceCents: 0 });
    await setProviders(event.id, {});
    expect((await publish(event.id)).statusCode).toBe(200);
  });

  it('refuses to save a payment method that cannot take money, on the payment methods field', async () => {
    const event = await createEvent(t.app, owner.headers);
    const res = await inject('PUT', `/api/events/${event.id}/settings`, owner.headers, {
      payment_providers: ['stripe', 'test'],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields.payment_providers).toMatch(/^Tarjeta \(Stripe\) no puede cobrar/);
    const after = (await inject('GET', `/api/events/${event.id}/settings`, owner.headers)).json().data;
    expect(after.payment_providers).toEqual(['test']);
  });

  it('with Stripe keys and test payments off: Stripe saves and publishes, test payments are refused', async () => {
    const stripeApp = await createTestApp({
      env: {
        TEST_PAYMENTS: 'false',
        STRIPE_SECRET_KEY: 'sk_test_rules',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_rules',
      },
    });
    try {
      const admin = await createAccountWithUser(stripeApp.app, { role: 'ADMIN' });
      const event = await createEvent(stripeApp.app, admin.headers);
      await insertTicket(stripeApp.app, admin.account.id, event.id);
      const put = (payment_providers: string[]) =>
        stripeApp.app.inject({
          method: 'PUT',
          url: `/api/events/${event.id}/settings`,
          headers: admin.headers,
          payload: { payment_providers },
        });
      const test = await put(['test']);
      expect(test.statusCode).toBe(422);
      expect(test.json().error.fields.payment_providers).toMatch(/^Pagos de prueba no está disponible/);
      expect((await put(['stripe'])).statusCode).toBe(200);
      const live = await stripeApp.app.inject({
        method: 'PUT',
        url: `/api/events/${event.id}/status`,
        headers: admin.headers,
        payload: { status: 'LIVE' },
      });
      expect(live.statusCode).toBe(200);
      expect(live.json().data.checklist.payment_set_up).toBe(true);
    } finally {
      await stripeApp.close();
    }
  });
});

describe('event settings', () => {
  it('reads defaults and saves every group', async () => {
    const event = await createEvent(t.app, owner.headers);
    const initial = (await inject('GET', `/api/events/${event.id}/settings`, owner.headers)).json().data;
    expect(initial).toMatchObject({
      order_timeout_minutes: 15,
      payment_providers: ['test'],
      allow_indexing: true,
    });

    const res = await inject('PUT', `/api/events/${event.id}/settings`, owner.headers, {
      order_timeout_minutes: 30,
      attendee_details_mode: 'PER_ORDER',
      post_checkout_message: '<p>¡Gracias!</p><script>x</script>',
      payment_providers: ['offline', 'test'],
      offline_payment_instructions: 'Transferencia a ES12 3456',
      seo_title: 'Jazz en Madrid',
      seo_description: 'La mejor noche',
      seo_keywords: 'jazz, madrid',
      allow_indexing: false,
      support_email: 'soporte@example.com',
      email_footer: 'Nos vemos pronto',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      order_timeout_minutes: 30,
      post_checkout_message: '<p>¡Gracias!</p>',
      payment_providers: ['offline', 'test'],
      allow_indexing: false,
    });
    const detail = (await inject('GET', `/api/events/${event.id}`, owner.headers)).json().data;
    expect(detail.settings.seo_title).toBe('Jazz en Madrid');
    expect(detail.checklist.payment_set_up).toBe(true);
  });

  it('lets only the payment-settings permission change payment methods and offline instructions', async () => {
    const event = await createEvent(t.app, owner.headers);
    const organizer = await addUser(t.app, owner.account.id, { role: 'ORGANIZER' });
    const url = `/api/events/${event.id}/settings`;
    for (const body of [
      { payment_providers: ['offline', 'test'], offline_payment_instructions: 'Transferencia a ES99 0000' },
      { payment_providers: ['test'] },
      { offline_payment_instructions: 'Transferencia a ES99 0000' },
      { seo_title: 'Otro', offline_payment_instructions: null },
    ]) {
      const res = await inject('PUT', url, organizer.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const after = (await inject('GET', url, owner.headers)).json().data;
    expect(after).toMatchObject({
      payment_providers: ['test'],
      offline_payment_instructions: null,
      seo_title: null,
    });
    // The organizer still edits the rest of the settings; the admin changes the payment methods.
    expect((await inject('PUT', url, organizer.headers, { seo_title: 'Jazz' })).statusCode).toBe(200);
    const admin = await inject('PUT', url, owner.headers, {
      payment_providers: ['offline', 'test'],
      offline_payment_instructions: 'Transferencia a ES12 3456',
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.payment_providers).toEqual(['offline', 'test']);
  });

  it('rejects bad settings and changes nothing', async () => {
    const event = await createEvent(t.app, owner.headers);
    const cases: [Record<string, unknown>, string][] = [
      [{ order_timeout_minutes: 0 }, 'order_timeout_minutes'],
      [{ order_timeout_minutes: 121 }, 'order_timeout_minutes'],
      [{ payment_providers: [] }, 'payment_providers'],
      [{ payment_providers: ['paypal'] }, 'payment_providers.0'],
      [{ payment_providers: ['offline'] }, 'offline_payment_instructions'],
      [{ support_email: 'no-es-correo' }, 'support_email'],
      [{ attendee_details_mode: 'NEVER' }, 'attendee_details_mode'],
      [{ colors: { primary: 'azul' } }, 'colors.primary'],
      [{ colors: { background: '#fff' } }, 'colors.background'],
      [{ colors: { text: '#12345g' } }, 'colors.text'],
      [{ colors: { accent: '#123456' } }, 'colors'],
    ];
    for (const [body, field] of cases) {
      const res = await inject('PUT', `/api/events/${event.id}/settings`, owner.headers, body);
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().error.fields), field).toContain(field);
    }
    const after = (await inject('GET', `/api/events/${event.id}/settings`, owner.headers)).json().data;
    expect(after).toMatchObject({
      order_timeout_minutes: 15,
      payment_providers: ['test'],
      support_email: null,
    });
  });
});

describe('page colours (homepage designer)', () => {
  it('saves colours one by one, resets one with null, and shows them on the public event', async () => {
    const event = await createEvent(t.app, owner.headers);
    const put = (colors: Record<string, unknown>) =>
      inject('PUT', `/api/events/${event.id}/settings`, owner.headers, { colors });
    expect((await put({ primary: '#E8590C', background: '#FFF9DB' })).json().data.colors).toEqual({
      primary: '#e8590c',
      background: '#fff9db',
      text: null,
    });
    // Only what is sent changes; null goes back to the default.
    expect((await put({ text: '#212529', background: null })).json().data.colors).toEqual({
      primary: '#e8590c',
      background: null,
      text: '#212529',
    });
    const bad = await inject('PUT', `/api/events/${event.id}/settings`, owner.headers, {
      colors: { primary: 'rojo' },
    });
    expect(bad.json().error.fields['colors.primary']).toBe(
      'Introduce un color hexadecimal válido, p. ej. #1c7ed6.',
    );

    await inject('POST', `/api/events/${event.id}/tickets`, owner.headers, {
      name: 'General',
      type: 'FREE',
      prices: [{ price_cents: 0 }],
    });
    expect(
      (await inject('PUT', `/api/events/${event.id}/status`, owner.headers, { status: 'LIVE' })).statusCode,
    ).toBe(200);
    const pub = (await inject('GET', `/api/public/events/${event.id}`, {})).json().data;
    expect(pub.settings.colors).toEqual({ primary: '#e8590c', text: '#212529' });
  });
});

describe('event defaults', () => {
  it('are read by organizers and changed only by admins; bad input is a 422', async () => {
    const { addUser } = await import('../../test/factories/accounts.ts');
    const orgUser = await addUser(t.app, owner.account.id, { role: 'ORGANIZER' });
    expect((await inject('GET', '/api/accounts/me/event-defaults', orgUser.headers)).statusCode).toBe(200);
    expect(
      (await inject('PUT', '/api/accounts/me/event-defaults', orgUser.headers, { currency: 'USD' }))
        .statusCode,
    ).toBe(403);
    const bad = await inject('PUT', '/api/accounts/me/event-defaults', owner.headers, {
      order_timeout_minutes: 500,
      currency: 'XX',
    });
    expect(bad.statusCode).toBe(422);
    const defaults = (await inject('GET', '/api/accounts/me/event-defaults', owner.headers)).json().data;
    expect(defaults).toMatchObject({ timezone: 'Europe/Madrid', currency: 'EUR', order_timeout_minutes: 15 });
    const otherDefaults = await inject('PUT', '/api/accounts/me/event-defaults', other.headers, {
      currency: 'GBP',
    });
    expect(otherDefaults.json().data.currency).toBe('GBP');
    expect((await inject('GET', '/api/accounts/me/event-defaults', owner.headers)).json().data.currency).toBe(
      'EUR',
    );
  });
});

describe('POST /api/events/:id/duplicate', () => {
  it('copies only what was chosen and never orders', async () => {
    const acc = await createAccountWithUser(t.app);
    const source = await createEvent(t.app, acc.headers, { name: 'Festival' });
    await inject('PUT', `/api/events/${source.id}/settings`, acc.headers, {
      seo_title: 'SEO del festival',
      order_timeout_minutes: 40,
    });
    const { ticket, price } = await insertTicket(t.app, acc.account.id, source.id, { name: 'Abono' });
    const tax = (
      await inject('POST', '/api/accounts/me/taxes-and-fees', acc.headers, {
        name: 'IVA',
        type: 'TAX',
        calculation: 'PERCENTAGE',
        value: 2100,
      })
    ).json().data;
    await t.app.deps.db.insert(ticketTaxes).values({ ticket_id: ticket.id, tax_id: tax.id });
    await t.app.deps.db.insert(questions).values([
      {
        account_id: acc.account.id,
        event_id: source.id,
        title: 'Talla',
        type: 'SINGLE_LINE_TEXT',
        belongs_to: 'ORDER',
      },
      {
        account_id: acc.account.id,
        event_id: source.id,
        title: 'Dieta',
        type: 'SINGLE_LINE_TEXT',
        belongs_to: 'ATTENDEE',
        ticket_ids: [ticket.id],
      },
    ]);
    await t.app.deps.db.insert(promoCodes).values({
      account_id: acc.account.id,
      event_id: source.id,
      code: 'VERANO',
      code_normalized: 'verano',
      discount_type: 'PERCENTAGE',
      discount: 10,
      ticket_ids: [ticket.id],
    });
    await insertCompletedOrder(t.app, acc.account.id, source.id, {
      ticketId: ticket.id,
      priceId: price.id,
      unitCents: 2500,
      quantity: 2,
    });
    const door = (
      await inject('POST', `/api/events/${source.id}/check-in-lists`, acc.headers, {
        name: 'Puerta principal',
        ticket_ids: [ticket.id],
        expires_at: inDays(31),
      })
    ).json().data;

    const full = await inject('POST', `/api/events/${source.id}/duplicate`, acc.headers, {
      copy: {
        tickets: true,
        questions: true,
        settings: true,
        promo_codes: true,
        capacity_assignments: true,
        check_in_lists: true,
      },
    });
    expect(full.statusCode).toBe(201);
    const copy = full.json().data;
    expect(copy).toMatchObject({ name: 'Festival (copia)', status: 'DRAFT', tickets_count: 1 });
    expect(copy.stats).toEqual({
      tickets_sold: 0,
      orders_count: 0,
      gross_revenue_cents: 0,
      refunded_cents: 0,
      net_revenue_cents: 0,
      revenue_cents: 0,
    });
    expect(copy.settings).toMatchObject({ seo_title: 'SEO del festival', order_timeout_minutes: 40 });
    const db = t.app.deps.db;
    const newTicket = one(await db.select().from(tickets).where(eq(tickets.event_id, copy.id)));
    expect(newTicket.name).toBe('Abono');
    expect(await db.select().from(ticketPrices).where(eq(ticketPrices.event_id, copy.id))).toHaveLength(1);
    expect(await db.select().from(ticketTaxes).where(eq(ticketTaxes.ticket_id, newTicket.id))).toHaveLength(
      1,
    );
    const newQuestions = await db.select().from(questions).where(eq(questions.event_id, copy.id));
    expect(newQuestions.find((q) => q.title === 'Dieta')?.ticket_ids).toEqual([newTicket.id]);
    const newCode = one(await db.select().from(promoCodes).where(eq(promoCodes.event_id, copy.id)));
    expect(newCode.ticket_ids).toEqual([newTicket.id]);
    // The check-in list gets a door link of its own and leaves the old dates behind.
    const newDoor = one(await db.select().from(checkInLists).where(eq(checkInLists.event_id, copy.id)));
    expect(newDoor).toMatchObject({ name: 'Puerta principal', ticket_ids: [newTicket.id], expires_at: null });
    expect(newDoor.short_id).not.toBe(door.short_id);

    const bare = await inject('POST', `/api/events/${source.id}/duplicate`, acc.headers, {
      name: 'Festival 2027',
      start_date: inDays(400),
      copy: { questions: true },
    });
    expect(bare.statusCode).toBe(201);
    const b = bare.json().data;
    expect(b).toMatchObject({ name: 'Festival 2027', tickets_count: 0 });
    expect(new Date(b.end_date).getTime() - new Date(b.start_date).getTime()).toBe(3 * 3600 * 1000);
    expect(b.settings.seo_title).toBeNull();
    // The ticket-specific question is not widened to every ticket; the general one is copied.
    const bareQuestions = await db.select().from(questions).where(eq(questions.event_id, b.id));
    expect(bareQuestions.map((q) => q.title)).toEqual(['Talla']);
    expect(await db.select().from(promoCodes).where(eq(promoCodes.event_id, b.id))).toHaveLength(0);

    const bad = await inject('POST', `/api/events/${source.id}/duplicate`, acc.headers, {
      start_date: inDays(5),
      end_date: inDays(4),
    });
    expect(bad.statusCode).toBe(422);
    const unknown = await inject('POST', `/api/events/${source.id}/duplicate`, acc.headers, {
      copy: { orders: true },
    });
    expect(unknown.statusCode).toBe(422);
    const list = (await inject('GET', '/api/events?per_page=100', acc.headers)).json();
    expect(list.meta.total).toBe(3);
  });
});

describe('deleting an event', () => {
  it('deletes an event nobody ordered from, with its tickets; the detail said it could', async () => {
    const event = await createEvent(t.app, owner.headers, { name: 'Prueba sin ventas' });
    await insertTicket(t.app, owner.account.id, event.id);
    const detail = await inject('GET', `/api/events/${event.id}`, owner.headers);
    expect(detail.json().data.actions).toEqual({ delete: true });
    const res = await inject('DELETE', `/api/events/${event.id}`, owner.headers);
    expect(res.statusCode).toBe(204);
    expect((await inject('GET', `/api/events/${event.id}`, owner.headers)).statusCode).toBe(404);
    expect(await t.app.deps.db.select().from(tickets).where(eq(tickets.event_id, event.id))).toEqual([]);
  });

  it('refuses (409, translated) an event with an order or a running reservation, and keeps it', async () => {
    const sold = await createEvent(t.app, owner.headers, { name: 'Con ventas' });
    const { ticket, price } = await insertTicket(t.app, owner.account.id, sold.id);
    await insertCompletedOrder(t.app, owner.account.id, sold.id, {
      ticketId: ticket.id,
      priceId: price.id,
      unitCents: 2500,
      quantity: 1,
    });
    expect((await inject('GET', `/api/events/${sold.id}`, owner.headers)).json().data.actions).toEqual({
      delete: false,
    });
    const refused = await inject('DELETE', `/api/events/${sold.id}`, {
      ...owner.headers,
      'accept-language': 'en',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'This event has orders or reservations in progress: archive it instead of deleting it.',
    );
    expect((await inject('GET', `/api/events/${sold.id}`, owner.headers)).statusCode).toBe(200);

    // A buyer in the middle of checkout holds a reservation: not deletable until it runs out.
    const held = await createEvent(t.app, owner.headers, { name: 'Reservado' });
    const heldTicket = await insertTicket(t.app, owner.account.id, held.id);
    await inject('PUT', `/api/events/${held.id}/status`, owner.headers, { status: 'LIVE' });
    const reserved = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${held.id}/order`,
      payload: {
        tickets: [{ ticket_id: heldTicket.ticket.id, price_id: heldTicket.price.id, quantity: 1 }],
      },
    });
    expect(reserved.statusCode).toBe(201);
    expect((await inject('DELETE', `/api/events/${held.id}`, owner.headers)).statusCode).toBe(409);
    await t.app.deps.db.execute(
      `update orders set reserved_until = now() - interval '1 second' where event_id = '${held.id}'`,
    );
    expect((await inject('DELETE', `/api/events/${held.id}`, owner.headers)).statusCode).toBe(204);
  });

  it('a member who may not manage events is told it cannot delete, and another account gets 404', async () => {
    const event = await createEvent(t.app, owner.headers, { name: 'Solo lectura' });
    const reader = await addUser(t.app, owner.account.id, { role: 'READ_ONLY' });
    const seen = await inject('GET', `/api/events/${event.id}`, reader.headers);
    expect(seen.json().data.actions).toEqual({ delete: false });
    expect((await inject('DELETE', `/api/events/${event.id}`, reader.headers)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/events/${event.id}`, other.headers)).statusCode).toBe(404);
    expect((await inject('GET', `/api/events/${event.id}`, owner.headers)).statusCode).toBe(200);
  });
});
