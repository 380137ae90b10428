// Messages (issue 11 benchmark): one message to 10,000 attendees, sent by the real server process through
// its job queue to a real SMTP peer (smtp-server, in this process). Prints e-mails per second and the time
// from the POST to the last delivery, and checks every attendee got exactly one copy.
//
//   npx tsx bench/messages.ts          (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
//
// ATTENDEES=1000 runs a smaller audience.

import { insertCrowd } from '../apps/server/src/modules/messages/messages.test-fixtures.ts';
import { SmtpPeer } from '../apps/server/src/modules/messages/smtp-peer.ts';
import { createPgDatabase, createTestApp } from '../apps/server/src/test/app.ts';
import { addTicket, createSellingEvent } from '../apps/server/src/test/factories/checkout.ts';
import { BASE_DATABASE_URL, startTaquilla } from './lib.ts';

const ATTENDEES = Number(process.env.ATTENDEES ?? 10_000);

const db = await createPgDatabase(BASE_DATABASE_URL);
const seed = await createTestApp({ databaseUrl: db.url });
const owner = await createSellingEvent(seed.app, { settings: { support_email: 'ayuda@apolo.example' } });
const ticket = await addTicket(seed.app, owner.event, { prices: [{ price_cents: 1000, quantity: null }] });
const priceId = ticket.prices[0]?.id as string;
await insertCrowd(
  seed.app,
  { accountId: owner.account.id, eventId: owner.event.id, ticketId: ticket.id, priceId },
  ATTENDEES,
);
const authSecret = seed.config.authSecret;
await seed.app.close();

const peer = new SmtpPeer({ keepRaw: false });
const smtpUrl = await peer.start();
const server = await startTaquilla(db.url, { SMTP_URL: smtpUrl, AUTH_SECRET: authSecret });

try {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/events/${owner.event.id}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: owner.headers.authorization },
    body: JSON.stringify({
      subject: 'Las puertas abren una hora más tarde',
      body: '<p>Por obras en la entrada, abrimos a las <strong>21:00</strong>. ¡Os esperamos!</p>',
      audience: { type: 'ALL_ATTENDEES' },
      acknowledged: true,
    }),
  });
  if (res.status !== 201) throw new Error(`POST messages → ${res.status} ${await res.text()}`);
  const accepted = performance.now();
  const { data } = (await res.json()) as { data: { id: string; recipients_count: number } };

  let first = 0;
  const firstDelivery = peer.waitFor(1).then(() => {
    first = performance.now();
  });
  await peer.waitFor(ATTENDEES);
  await firstDelivery;
  const last = performance.now();

  // The message is closed once the last batch has marked its deliveries.
  let status = '';
  for (let i = 0; i < 100 && status !== 'SENT'; i++) {
    const detail = await fetch(`${server.url}/api/events/${owner.event.id}/messages/${data.id}`, {
      headers: { authorization: owner.headers.authorization },
    });
    const body = (await detail.json()) as { data: { status: string; sent_count: number } };
    status = body.data.status;
    if (status !== 'SENT') await new Promise((r) => setTimeout(r, 100));
  }
  const copies = new Map<string, number>();
  for (const m of peer.inbox) copies.set(m.to, (copies.get(m.to) ?? 0) + 1);
  const exactlyOnce = copies.size === ATTENDEES && [...copies.values()].every((n) => n === 1);

  const seconds = (last - first) / 1000;
  console.log(`recipients:                 ${data.recipients_count}`);
  console.log(`POST answered in:           ${Math.round(accepted - started)} ms`);
  console.log(`first delivery after:       ${Math.round(first - started)} ms`);
  console.log(`time to last delivery:      ${((last - started) / 1000).toFixed(2)} s`);
  console.log(`e-mails per second:         ${Math.round(ATTENDEES / seconds)} (first to last delivery)`);
  console.log(`message status:             ${status}`);
  console.log(`each attendee exactly once: ${exactlyOnce ? 'yes' : 'NO'} (${peer.inbox.length} accepted)`);
} finally {
  await server.stop();
  await peer.close();
  await db.drop();
}
