import { baseUrl } from './browser.ts';

/**
 * The journeys' set-up through the real API: the organizer's side of a scenario that the journey does not
 * test through the screens.
 */
export async function call<T = Record<string, unknown>>(
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'accept-language': 'es',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(url === 'auth/register' ? { 'x-forwarded-for': signUpAddress() } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text}`);
  return text ? (JSON.parse(text) as { data: T }).data : (undefined as T);
}

/**
 * Each organizer the journeys sign up through the API comes from an address of its own, as real ones do:
 * the server allows 20 sign-ups per address in 15 minutes, and the journeys make more than that (the
 * journeys' server trusts X-Forwarded-For, TRUST_PROXY in global-setup.ts).
 */
const octet = () => Math.floor(Math.random() * 254) + 1;
const signUpAddress = () => `10.${octet()}.${octet()}.${octet()}`;

/** A new organizer account, logged in: its token. */
export async function registerOrganizer(tag: string): Promise<string> {
  const { token } = await call<{ token: string }>('POST', 'auth/register', {
    first_name: 'Marta',
    last_name: 'Soler',
    email: `org-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    password: 'una-contraseña-larga',
    password_confirmation: 'una-contraseña-larga',
    accept_terms: true,
  });
  return token;
}

/**
 * A LIVE event three weeks ahead with one "General" ticket of 25,00 € (50 units); `settings` go to
 * events/{id}/settings before publishing (e.g. the payment providers).
 */
export async function liveEventWithTicket(token: string, name: string, settings?: Record<string, unknown>) {
  const organizer = await call<{ id: string }>('POST', 'organizers', { name: 'Sala Luna' }, token);
  const start = new Date(Date.now() + 21 * 86400_000);
  start.setUTCHours(19, 0, 0, 0);
  const event = await call<{ id: string; slug: string }>(
    'POST',
    'events',
    {
      name,
      organizer_id: organizer.id,
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 3 * 3600_000).toISOString(),
      timezone: 'Europe/Madrid',
      currency: 'EUR',
      description: '<p>Un cuarteto de <strong>jazz</strong> en directo.</p>',
    },
    token,
  );
  const ticket = await call<{ id: string; prices: { id: string }[] }>(
    'POST',
    `events/${event.id}/tickets`,
    { name: 'General', type: 'PAID', prices: [{ price_cents: 2500, quantity: 50 }], max_per_order: 6 },
    token,
  );
  if (settings) await call('PUT', `events/${event.id}/settings`, settings, token);
  await call('PUT', `events/${event.id}/status`, { status: 'LIVE' }, token);
  return { ...event, name, ticket };
}

/** A buyer's order through the public checkout API: reserve `quantity`, give details, pay with `provider`. */
export async function placeOrder(
  event: { id: string; ticket: { id: string; prices: { id: string }[] } },
  buyer: { first_name: string; last_name: string; email: string },
  quantity: number,
  payment: Record<string, unknown>,
  /** One of the event's dates (#27). */
  eventDateId?: string,
) {
  const base = `public/events/${event.id}/order`;
  const order = await call<{ short_id: string }>('POST', base, {
    tickets: [{ ticket_id: event.ticket.id, price_id: at(event.ticket.prices, 0).id, quantity }],
    ...(eventDateId ? { event_date_id: eventDateId } : {}),
  });
  await call('PUT', `${base}/${order.short_id}`, { ...buyer, email_confirmation: buyer.email });
  return call<{ short_id: string; status: string }>('POST', `${base}/${order.short_id}/payment`, payment);
}

/** The element at `index` of a list the journey expects to have it. */
export function at<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined)
    throw new Error(`Expected an element at index ${index} of a list of ${list.length}`);
  return item;
}

/** 19:00 UTC, `days` from now: 20:00 in Madrid in winter, 21:00 in summer (a date's start in the journeys). */
export function startAt(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(19, 0, 0, 0);
  return d.toISOString();
}
