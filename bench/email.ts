// Order e-mails: N e-mails like an order's ticket e-mail (HTML, text, a QR code attached as PNG, a stable
// key), queued before the real server process starts, then sent by its job queue to a real SMTP peer
// (smtp-server, in this process) that makes every new connection wait for its greeting. Prints e-mails per
// second and checks each arrived exactly once (counted by Message-ID).
//
//   npx tsx bench/email.ts          (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
//
// EMAILS=1000 queues fewer; GREETING_MS=0 removes the greeting delay (default 100);
// MAIL_CONCURRENCY=1 sends one at a time (the server's default is 8).

import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { renderEmail } from '../apps/server/src/lib/email-layout.ts';
import { SEND_EMAIL_JOB } from '../apps/server/src/lib/mailer.ts';
import { qrPngBase64 } from '../apps/server/src/lib/qr.ts';
import { SmtpPeer } from '../apps/server/src/modules/messages/smtp-peer.ts';
import { createPgDatabase } from '../apps/server/src/test/app.ts';
import { BASE_DATABASE_URL, cpuOf, startTaquilla } from './lib.ts';

const EMAILS = Number(process.env.EMAILS ?? 10_000);
const GREETING_MS = Number(process.env.GREETING_MS ?? 100);
const CONCURRENCY = process.env.MAIL_CONCURRENCY;

const db = await createPgDatabase(BASE_DATABASE_URL);
const database = await openDatabase({ databaseUrl: db.url });
await database.migrate();

/** One order's ticket e-mail, as the orders module writes it (the QR code attached and shown by cid:). */
function orderEmail(n: number) {
  const content = renderEmail({
    lang: 'es',
    heading: 'Tu entrada',
    paragraphs: [
      `Hola Persona ${n}, aquí tienes tu entrada General para Concierto de otoño.`,
      'Cuándo: sábado, 12 de diciembre de 2026, 21:00–23:30 (hora de Madrid)',
      'Dónde: Sala Apolo, Carrer Nou de la Rambla 113, Barcelona',
      'Enseña el código QR en la puerta, en el móvil o impreso.',
    ],
    images: [{ cid: `qr-${n}`, alt: 'Código QR de la entrada' }],
    button: { label: 'Ver la entrada', url: `https://entradas.example/ticket/e/a${n}` },
    footer: 'Sala Apolo · ayuda@apolo.example',
  });
  return {
    to: `persona${n}@example.com`,
    subject: 'Tu entrada para Concierto de otoño',
    replyTo: 'ayuda@apolo.example',
    ...content,
    attachments: [
      {
        filename: 'entrada.png',
        content: qrPngBase64(`bench-ticket-${n}`),
        contentType: 'image/png',
        encoding: 'base64',
        cid: `qr-${n}`,
      },
    ],
    message_key: `order-tickets.o${n}`,
  };
}

const queuedStart = performance.now();
for (let from = 1; from <= EMAILS; from += 500) {
  const batch = Array.from({ length: Math.min(500, EMAILS - from + 1) }, (_, i) => orderEmail(from + i));
  await database.db.execute(sql`
    insert into jobs (kind, payload)
    select ${SEND_EMAIL_JOB}, value from jsonb_array_elements(${JSON.stringify(batch)}::jsonb)`);
}
const queuedMs = performance.now() - queuedStart;

const peer = new SmtpPeer({ keepRaw: false, greetingDelayMs: GREETING_MS });
const smtpUrl = await peer.start();
const server = await startTaquilla(db.url, {
  SMTP_URL: smtpUrl,
  ...(CONCURRENCY ? { MAIL_CONCURRENCY: CONCURRENCY } : {}),
});

try {
  const started = performance.now();
  const cpuBefore = cpuOf(server.pid);
  await peer.waitFor(EMAILS);
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuOf(server.pid) - cpuBefore;

  let pending = -1;
  for (let i = 0; i < 50 && pending !== 0; i++) {
    const [row] = (
      await database.db.execute(
        sql`select count(*)::int as n from jobs where kind = ${SEND_EMAIL_JOB} and completed_at is null`,
      )
    ).rows as { n: number }[];
    pending = row?.n ?? -1;
    if (pending !== 0) await new Promise((r) => setTimeout(r, 100));
  }
  // A late copy would come after the last first copy: give it a moment.
  await new Promise((r) => setTimeout(r, 1000));
  const copies = peer.copiesByMessageId();
  const exactlyOnce =
    peer.inbox.length === EMAILS && copies.size === EMAILS && [...copies.values()].every((n) => n === 1);

  console.log(
    `e-mails:                    ${EMAILS} (greeting delay ${GREETING_MS} ms, MAIL_CONCURRENCY ${CONCURRENCY ?? 'default'})`,
  );
  console.log(`queued in:                  ${(queuedMs / 1000).toFixed(1)} s (before the server started)`);
  console.log(
    `sent in:                    ${seconds.toFixed(2)} s from the server answering to the last acceptance`,
  );
  console.log(`e-mails per second:         ${Math.round(EMAILS / seconds)}`);
  console.log(`server CPU per e-mail:      ${((cpu / EMAILS) * 1000).toFixed(2)} ms`);
  console.log(`jobs left not done:         ${pending}`);
  console.log(
    `each exactly once:          ${exactlyOnce ? 'yes' : 'NO'} (${peer.inbox.length} accepted, ${copies.size} Message-IDs)`,
  );
} finally {
  await server.stop();
  await peer.close();
  await database.close();
  await db.drop();
}
