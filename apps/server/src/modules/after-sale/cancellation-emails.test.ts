import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, orders } from '../../db/schema/index.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTicket, buyer, buyWithTestCard, createSellingEvent } from '../../test/factories/checkout.ts';

/**
 * A cancellation e-mail says what happens to the money, in the buyer's language: paid and refunded, how
 * much comes back and roughly when; paid and not refunded, that nothing comes back by itself and the
 * organizer will be in touch; not paid (an offline order), that there is nothing to pay.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Selling = Awaited<ReturnType<typeof createSellingEvent>>;

const EXPECTED = {
  es: {
    refunded: 'Te devolvemos 30,00 € por el mismo medio con el que pagaste.',
    kept: 'Lo que pagaste no se devuelve automáticamente: el organizador se pondrá en contacto contigo.',
    unpaid: 'No tienes nada que pagar.',
  },
  en: {
    refunded: 'We are refunding €30.00 to the payment method you used.',
    kept: 'What you paid is not refunded automatically: the organizer will get in touch with you.',
    unpaid: 'You have nothing to pay.',
  },
  ca: {
    refunded: 'Et retornem 30,00 € pel mateix mitjà amb què vas pagar.',
    kept: "El que vas pagar no es retorna automàticament: l'organitzador es posarà en contacte amb tu.",
    unpaid: 'No has de pagar res.',
  },
} as const;

async function cancelledNotice(s: Selling, short: string) {
  const [order] = await t.app.deps.db.select().from(orders).where(eq(orders.short_id, short));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/events/${s.event.id}/orders/${order?.id}/cancel`,
    headers: s.headers,
    payload: { notify_buyer: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [job] = await t.app.deps.db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, 'email.send'),
        sql`${jobs.payload}->>'message_key' = ${`order-cancelled.${order?.id}`}`,
      ),
    );
  const mail = job?.payload as unknown as MailMessage;
  // The money's line is in both parts, and in the order's language.
  expect(mail.html).toContain(`<html lang="${order?.locale}">`);
  // Money is written with a no-break space before the currency sign.
  const plain = (s: string) => s.replace(/&#39;/g, "'").replace(/\u00a0/g, ' ');
  return { html: plain(mail.html), text: plain(mail.text) };
}

/** An offline order (AWAITING_OFFLINE_PAYMENT) through the public checkout, in `language`. */
async function offlineOrder(s: Selling, ticket: Awaited<ReturnType<typeof addTicket>>, language: string) {
  const base = `/api/public/events/${s.event.id}/order`;
  const headers = { 'accept-language': language };
  const reserved = await t.app.inject({
    method: 'POST',
    url: base,
    headers,
    payload: { tickets: [{ ticket_id: ticket.id, price_id: ticket.prices[0]?.id, quantity: 1 }] },
  });
  const short = reserved.json().data.short_id;
  await t.app.inject({ method: 'PUT', url: `${base}/${short}`, headers, payload: buyer });
  const paid = await t.app.inject({
    method: 'POST',
    url: `${base}/${short}/payment`,
    headers,
    payload: { provider: 'offline' },
  });
  expect(paid.json().data.status).toBe('AWAITING_OFFLINE_PAYMENT');
  return short;
}

describe.each(['es', 'en', 'ca'] as const)('a cancellation e-mail in %s', (locale) => {
  it('says what is refunded, that nothing comes back by itself, or that there is nothing to pay', async () => {
    const s = await createSellingEvent(t.app, {
      settings: { offline_payment_instructions: 'Transferencia.' },
    });
    const ticket = await addTicket(t.app, s.event, { prices: [{ price_cents: 3000, quantity: 50 }] });
    const expected = EXPECTED[locale];

    const refunded = await buyWithTestCard(t.app, s.event, ticket, { acceptLanguage: locale });
    const [order] = await t.app.deps.db.select().from(orders).where(eq(orders.short_id, refunded));
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/events/${s.event.id}/orders/${order?.id}/refund`,
      headers: s.headers,
      payload: { amount_cents: 3000, notify_buyer: false },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const afterRefund = await cancelledNotice(s, refunded);
    expect(afterRefund.html).toContain(expected.refunded);
    expect(afterRefund.text).toContain(expected.refunded);
    expect(afterRefund.html).not.toContain(expected.kept);

    const kept = await cancelledNotice(
      s,
      await buyWithTestCard(t.app, s.event, ticket, { acceptLanguage: locale }),
    );
    expect(kept.html).toContain(expected.kept);
    expect(kept.html).not.toContain(expected.refunded);

    const unpaid = await cancelledNotice(s, await offlineOrder(s, ticket, locale));
    expect(unpaid.html).toContain(expected.unpaid);
    expect(unpaid.html).not.toContain(expected.kept);
  });
});
