// A checkout against a running Taquilla, through its public HTTP API only (no dependency): registers an
// organizer, creates an event with a ticket, puts it on sale, then a buyer reserves, gives details and
// pays with the test card. Usage: node scripts/smoke-checkout.mjs http://127.0.0.1:3000
const base = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');

async function call(method, path, body, token) {
  const res = await fetch(`${base}/api/${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

const email = `smoke.${Date.now()}@example.com`;
const { token } = await call('POST', 'auth/register', {
  first_name: 'Prueba',
  last_name: 'Despliegue',
  email,
  password: 'una-clave-larga',
  password_confirmation: 'una-clave-larga',
  accept_terms: true,
});
const organizer = await call('POST', 'organizers', { name: 'Sala de pruebas' }, token);
const start = new Date(Date.now() + 30 * 24 * 3600 * 1000);
const event = await call(
  'POST',
  'events',
  {
    name: 'Concierto de prueba',
    organizer_id: organizer.id,
    start_date: start.toISOString(),
    end_date: new Date(start.getTime() + 3 * 3600 * 1000).toISOString(),
    timezone: 'Europe/Madrid',
    currency: 'EUR',
  },
  token,
);
const ticket = await call(
  'POST',
  `events/${event.id}/tickets`,
  { name: 'General', type: 'PAID', prices: [{ price_cents: 2500, quantity: 100 }] },
  token,
);
await call('PUT', `events/${event.id}/status`, { status: 'LIVE' }, token);

const order = await call('POST', `public/events/${event.id}/order`, {
  tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0].id, quantity: 2 }],
});
const buyer = { first_name: 'Lucía', last_name: 'Martín', email: 'lucia@example.com' };
await call('PUT', `public/events/${event.id}/order/${order.short_id}`, {
  ...buyer,
  email_confirmation: buyer.email,
});
const paid = await call('POST', `public/events/${event.id}/order/${order.short_id}/payment`, {
  provider: 'test',
  card_number: '4242 4242 4242 4242',
});
if (paid.status !== 'COMPLETED') throw new Error(`order not completed: ${JSON.stringify(paid)}`);
console.log(`checkout ok: order ${order.short_id} COMPLETED`);
