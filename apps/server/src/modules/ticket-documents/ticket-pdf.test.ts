import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees, orders, organizers } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTicket, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';
import { SmtpPeer } from '../messages/smtp-peer.ts';

/**
 * The tickets' PDF read back by real readers: pdftotext for the text, each page rendered with pdftoppm
 * and its QR code decoded with zbarimg, compared with the code the ticket page shows (what the door
 * scans). The e-mails arrive at a real SMTP peer and are parsed with Python's e-mail package.
 */
let peer: SmtpPeer;
let t: TestApp;
beforeAll(async () => {
  peer = new SmtpPeer();
  t = await createTestApp({ env: { SMTP_URL: await peer.start() } });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const workDir = () => mkdtempSync(path.join(tmpdir(), 'ticket-pdf-'));

function textOf(pdf: Buffer): string {
  const file = path.join(workDir(), 'tickets.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
}

/** The QR codes of each page, in page order (an empty list for a page without one). */
function codesPerPage(pdf: Buffer): string[][] {
  const dir = workDir();
  writeFileSync(path.join(dir, 'tickets.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', '110', '-png', path.join(dir, 'tickets.pdf'), path.join(dir, 'page')]);
  const pages = readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .sort();
  return pages.map((page) => {
    const run = spawnSync('zbarimg', ['--quiet', '--raw', '-Sbinary', path.join(dir, page)]);
    // zbarimg exits 4 when the image holds no code.
    if (run.status === 4) return [];
    if (run.status !== 0) throw new Error(`zbarimg: ${run.stderr.toString()}`);
    return run.stdout
      .toString()
      .split('\n')
      .filter((l) => l.length > 0);
  });
}

/** The PDF attachments of a raw e-mail, by a real MIME parser. */
function pdfsIn(raw: string): { filename: string; bytes: Buffer }[] {
  const script = [
    'import email, json, sys, base64',
    'm = email.message_from_string(sys.stdin.read())',
    'print(json.dumps([{"f": p.get_filename(), "b": base64.b64encode(p.get_payload(decode=True)).decode()}',
    '  for p in m.walk() if p.get_content_type() == "application/pdf"]))',
  ].join('\n');
  const out = JSON.parse(execFileSync('python3', ['-c', script], { input: raw }).toString()) as {
    f: string;
    b: string;
  }[];
  return out.map((a) => ({ filename: a.f, bytes: Buffer.from(a.b, 'base64') }));
}

async function sale(settings: Record<string, unknown> = {}) {
  const s = await createSellingEvent(t.app, { settings });
  const ticket = await addTicket(t.app, s.event, {
    name: 'Entrada general',
    price_type: 'TIERED',
    prices: [{ label: 'Anticipada', price_cents: 2000, quantity: 100 }],
  });
  const short = await buyWithTestCard(t.app, s.event, ticket, {
    quantity: 2,
    attendees: [
      { first_name: 'Núria', last_name: 'Ibáñez Çelik', email: 'lucia@example.com' },
      { first_name: 'Jordi', last_name: 'Peña', email: 'jordi@example.com' },
    ],
  });
  const [order] = await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short));
  if (!order) throw new Error('no order');
  const holders = await t.app.deps.db
    .select()
    .from(attendees)
    .where(eq(attendees.order_id, order.id))
    .orderBy(asc(attendees.created_at), asc(attendees.id));
  return { ...s, order, holders };
}

/** The code the public ticket page shows for a ticket: what its QR carries and the door scans. */
async function doorCode(eventId: string, attendeeShortId: string): Promise<string> {
  const res = await t.app.inject({ url: `/api/public/events/${eventId}/attendees/${attendeeShortId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.qr_code as string;
}

describe('tickets as PDF', () => {
  it("makes one page per ticket with the event, its time in the event's zone, holder, tier, order and a QR the door reads", async () => {
    const s = await sale();
    const res = await t.app.inject({
      url: `/api/public/events/${s.event.id}/order/${s.order.short_id}/tickets/pdf`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="entradas-${s.order.short_id}.pdf"`,
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const text = textOf(pdf);
    expect(text).toContain('Concierto de Otoño');
    expect(text).toContain('Núria Ibáñez Çelik');
    expect(text).toContain('Jordi Peña');
    expect(text).toContain('Entrada general · Anticipada');
    expect(text).toContain(s.order.short_id);
    expect(text).toContain('Sala Apolo, Carrer Nou de la Rambla 113,');
    expect(text).toContain('Barcelona');
    expect(text).toContain('Organiza Sala Apolo');
    // 18:00 UTC in 30 days is 19:00 or 20:00 in Madrid, never 18:00.
    expect(text).toMatch(/(19|20):00/);
    expect(text).toContain('(Europe/Madrid)');
    expect(text).toContain('Entrada 1 de 2');
    expect(text).toContain('Entrada 2 de 2');

    const codes = codesPerPage(pdf);
    expect(codes).toHaveLength(2);
    const expected = await Promise.all(s.holders.map((a) => doorCode(s.event.id, a.short_id)));
    expect(codes).toEqual(expected.map((c) => [c]));
    expect(expected).toEqual(s.holders.map((a) => a.qr_secret));
  });

  it("carries the organizer's logo (stored as WebP) as an image of the page", async () => {
    const s = await sale();
    const key = `${s.account.id}/logo-512.webp`;
    mkdirSync(path.join(t.app.deps.config.dataDir, 'uploads', s.account.id), { recursive: true });
    await sharp({ create: { width: 512, height: 256, channels: 3, background: '#e8590c' } })
      .webp()
      .toFile(path.join(t.app.deps.config.dataDir, 'uploads', key));
    await t.app.deps.db.update(organizers).set({ logo_path: key }).where(eq(organizers.id, s.organizer.id));
    const res = await t.app.inject({
      url: `/api/public/events/${s.event.id}/order/${s.order.short_id}/tickets/pdf`,
    });
    const file = path.join(workDir(), 'tickets.pdf');
    writeFileSync(file, res.rawPayload);
    // One image per page (the logo, 256 × 128 after its resize); the QR codes are vector squares.
    const images = execFileSync('pdfimages', ['-list', file])
      .toString()
      .split('\n')
      .slice(2)
      .filter((l) => l.trim());
    expect(images.length).toBeGreaterThanOrEqual(1);
    expect(images.every((l) => /\s256\s+128\s/.test(l))).toBe(true);
    expect(codesPerPage(res.rawPayload)).toHaveLength(2);
  });

  it("speaks the request's language and answers 404 to an unknown order or ticket", async () => {
    const s = await sale();
    const first = s.holders.find((a) => a.first_name === 'Núria');
    const en = await t.app.inject({
      url: `/api/public/events/${s.event.id}/attendees/${first?.short_id}/pdf`,
      headers: { 'accept-language': 'en' },
    });
    expect(en.statusCode, en.body).toBe(200);
    const text = textOf(en.rawPayload);
    expect(text).toContain('Ticket 1 of 1');
    expect(text).toContain('HOLDER');
    expect(text).not.toContain('Jordi');
    for (const url of [
      `/api/public/events/${s.event.id}/order/o_doesnotexist/tickets/pdf`,
      `/api/public/events/${s.event.id}/attendees/a_doesnotexist/pdf`,
      `/api/public/events/00000000-0000-4000-8000-000000000000/order/${s.order.short_id}/tickets/pdf`,
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ url: `/api/public/events/not-a-uuid/attendees/x/pdf` })).statusCode).toBe(
      422,
    );
  });

  it('follows the ticket: a new name shows at once; a cancelled ticket is void, without a code, and leaves the order PDF', async () => {
    const s = await sale();
    const [first, second] = s.holders;
    if (!first || !second) throw new Error('two holders expected');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${s.event.id}/attendees/${second.id}`,
      headers: s.headers,
      payload: { first_name: 'Mireia', last_name: 'Puig', email: 'mireia@example.com' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/attendees/${first.id}/cancel`,
      headers: s.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const order = await t.app.inject({
      url: `/api/public/events/${s.event.id}/order/${s.order.short_id}/tickets/pdf`,
    });
    const orderText = textOf(order.rawPayload);
    expect(orderText).toContain('Mireia Puig');
    expect(orderText).not.toContain('Jordi');
    expect(orderText).not.toContain('Núria');
    expect(orderText).toContain('Entrada 1 de 1');
    expect(codesPerPage(order.rawPayload)).toEqual([[second.qr_secret]]);

    const voided = await t.app.inject({
      url: `/api/public/events/${s.event.id}/attendees/${first.short_id}/pdf`,
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(textOf(voided.rawPayload)).toContain('ANULADA');
    expect(codesPerPage(voided.rawPayload)).toEqual([[]]);
  });
});

const received = (key: string) => peer.inbox.filter((m) => m.messageId.startsWith(`<${key}@`));

describe('tickets PDF in the e-mails', () => {
  it('attaches the order to the confirmation and each ticket to its holder, made when sent, with the codes the door reads', async () => {
    const s = await sale();
    await t.app.deps.jobs.drain();
    const [confirmation] = received(`order-confirmation.${s.order.id}`);
    if (!confirmation) throw new Error('no confirmation');
    const [orderPdf, ...others] = pdfsIn(confirmation.raw);
    expect(others).toEqual([]);
    expect(orderPdf?.filename).toBe(`entradas-${s.order.short_id}.pdf`);
    expect(codesPerPage(orderPdf?.bytes ?? Buffer.alloc(0))).toEqual(s.holders.map((a) => [a.qr_secret]));

    // Jordi has an address of his own: his e-mail carries his ticket only.
    const jordi = s.holders.find((a) => a.first_name === 'Jordi');
    const [ticketMail] = received(`order-ticket.${s.order.id}.${jordi?.id}`);
    if (!ticketMail) throw new Error('no ticket e-mail');
    expect(ticketMail.to).toBe('jordi@example.com');
    const [ticketPdf] = pdfsIn(ticketMail.raw);
    expect(ticketPdf?.filename).toBe(`entrada-${jordi?.short_id}.pdf`);
    expect(textOf(ticketPdf?.bytes ?? Buffer.alloc(0))).toContain('Jordi Peña');
    expect(codesPerPage(ticketPdf?.bytes ?? Buffer.alloc(0))).toEqual([[jordi?.qr_secret]]);
  });

  it('makes the PDF when the e-mail is sent: a name corrected before sending is the one attached', async () => {
    const s = await sale();
    const jordi = s.holders.find((a) => a.first_name === 'Jordi');
    // The e-mails are queued with the order; the organizer corrects the name before they go out.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${s.event.id}/attendees/${jordi?.id}`,
      headers: s.headers,
      payload: { first_name: 'Jordina', last_name: 'Peña', email: 'jordi@example.com' },
    });
    expect(put.statusCode, put.body).toBe(200);
    await t.app.deps.jobs.drain();
    const [confirmation] = received(`order-confirmation.${s.order.id}`);
    const text = textOf(pdfsIn(confirmation?.raw ?? '')[0]?.bytes ?? Buffer.alloc(0));
    expect(text).toContain('Jordina Peña');
  });

  it("attaches no PDF when the event turned it off in its settings, and says so in the event's settings", async () => {
    const s = await createSellingEvent(t.app);
    const url = `/api/events/${s.event.id}/settings`;
    const before = await t.app.inject({ url, headers: s.headers });
    expect(before.json().data.attach_ticket_pdf).toBe(true);
    const off = await t.app.inject({
      method: 'PUT',
      url,
      headers: s.headers,
      payload: { attach_ticket_pdf: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.attach_ticket_pdf).toBe(false);
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      headers: s.headers,
      payload: { attach_ticket_pdf: 'no' },
    });
    expect(bad.statusCode).toBe(422);

    const ticket = await addTicket(t.app, s.event);
    const short = await buyWithTestCard(t.app, s.event, ticket);
    const [order] = await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short));
    await t.app.deps.jobs.drain();
    const [confirmation] = received(`order-confirmation.${order?.id}`);
    if (!confirmation) throw new Error('no confirmation');
    expect(pdfsIn(confirmation.raw)).toEqual([]);
    // The QR image and the calendar file are still there.
    expect(confirmation.raw).toContain('image/png');
    expect(confirmation.raw).toContain('text/calendar');
    // The buyer can still download it.
    const res = await t.app.inject({ url: `/api/public/events/${s.event.id}/order/${short}/tickets/pdf` });
    expect(res.statusCode).toBe(200);
  });
});
