import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../lib/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTicket, buyer, createSellingEvent } from '../../test/factories/checkout.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function completedOrder(pay = true) {
  const { event } = await createSellingEvent(t.app);
  const ticket = await addTicket(t.app, event, { name: 'Entrada general' });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/events/${event.id}/order`,
    payload: { tickets: [{ ticket_id: ticket.id, price_id: at(ticket.prices, 0).id, quantity: 1 }] },
  });
  const short = res.json().data.short_id;
  await t.app.inject({ method: 'PUT', url: `/api/public/events/${event.id}/order/${short}`, payload: buyer });
  const done = pay
    ? await t.app.inject({
        method: 'POST',
        url: `/api/public/events/${event.id}/order/${short}/payment`,
        payload: { provider: 'test', card_number: '4242424242424242' },
      })
    : null;
  return { event, short, attendee: done?.json().data.attendees[0] };
}

describe('public ticket', () => {
  it('shows the ticket with its QR code, event and attendee', async () => {
    const { event, short, attendee } = await completedOrder();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/${event.id}/attendees/${attendee.short_id}`,
    });
    expect(res.statusCode).toBe(200);
    const ticket = res.json().data;
    expect(ticket).toMatchObject({
      short_id: attendee.short_id,
      first_name: 'Lucía',
      ticket_name: 'Entrada general',
      order_short_id: short,
      status: 'ACTIVE',
      event: {
        id: event.id,
        name: 'Concierto de Otoño',
        timezone: 'Europe/Madrid',
        organizer_name: 'Sala Apolo',
      },
    });
    expect(ticket.qr_code).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(ticket.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  });

  it('offers an .ics file to add the event to a calendar', async () => {
    const { event, attendee } = await completedOrder();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/${event.id}/attendees/${attendee.short_id}/ics`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.headers['content-disposition']).toContain('concierto-de-otono.ics');
    const body = res.body;
    expect(body).toContain('BEGIN:VCALENDAR\r\n');
    expect(body).toContain('SUMMARY:Concierto de Otoño');
    expect(body).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(body).toContain('LOCATION:Sala Apolo\\, Carrer Nou de la Rambla 113\\, Barcelona');
    expect(body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it('is 404 for unknown ids, through another event, and before the order is paid', async () => {
    const { event, attendee } = await completedOrder();
    const other = await createSellingEvent(t.app);
    for (const url of [
      `/api/public/events/${event.id}/attendees/a_AAAAAAAAAAAAAAAAAAAA`,
      `/api/public/events/${other.event.id}/attendees/${attendee.short_id}`,
      `/api/public/events/${other.event.id}/attendees/${attendee.short_id}/ics`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/not-a-uuid/attendees/${attendee.short_id}`,
    });
    expect(bad.statusCode).toBe(422);
  });
});
