import type { PublicEvent, PublicTicket } from '@taquilla/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { displayStatus, statusColor } from '../../../lib/order-status.ts';
import { readPageData } from '../public-event/page-data.ts';
import { eventIdFromPath } from '../public-event/page-location.ts';
import { settledStep } from './checkout-steps.ts';
import { clock, formatEventDates, locationLines, mapUrl, money } from './format.ts';
import { PageFormat } from './page-format.ts';
import { lineTotal, unitDiscount } from './pricing.ts';

beforeAll(() => {
  i18n.load('es', {});
  i18n.activate('es');
});

const ticket = (over: Partial<PublicTicket> = {}): PublicTicket => ({
  id: 't1',
  name: 'General',
  description: null,
  price_type: 'PAID',
  min_per_order: 1,
  max_per_order: 10,
  sale_state: 'ON_SALE',
  sale_start_date: null,
  sale_end_date: null,
  show_quantity_remaining: false,
  waitlist_enabled: false,
  quantity_remaining: null,
  prices: [],
  taxes_and_fees: [],
  unlocked_by_promo_code: false,
  ...over,
});

describe('price preview', () => {
  const vat = { id: 'x', name: 'IVA', type: 'TAX' as const, calculation: 'PERCENTAGE' as const, value: 2100 };
  const fee = { id: 'f', name: 'Gestión', type: 'FEE' as const, calculation: 'FIXED' as const, value: 50 };
  const promo = { code: 'AMIGOS', discount_type: 'PERCENTAGE' as const, discount: 20, ticket_ids: [] };

  it('applies the promo, then taxes on the discounted price and fixed fees per unit', () => {
    const t = ticket({ taxes_and_fees: [vat, fee] });
    // 25,00 − 20 % = 20,00; + 21 % = 4,20; + 0,50 → 24,70 per unit.
    expect(lineTotal(t, 2500, promo, { quantity: 2 })).toBe(4940);
    expect(unitDiscount(promo, t, 2500)).toBe(500);
  });

  it('leaves tickets the code does not cover, free and donation tickets undiscounted', () => {
    const scoped = { ...promo, ticket_ids: ['other'] };
    expect(unitDiscount(scoped, ticket(), 2500)).toBe(0);
    expect(unitDiscount(promo, ticket({ price_type: 'DONATION' }), 2500)).toBe(0);
    expect(lineTotal(ticket({ price_type: 'FREE' }), 0, promo, { quantity: 3 })).toBe(0);
  });

  it('prices a donation at the amount chosen, not the minimum', () => {
    expect(lineTotal(ticket({ price_type: 'DONATION' }), 500, null, { quantity: 1, amountCents: 1234 })).toBe(
      1234,
    );
  });

  it('leaves a donation below the minimum out of the total', () => {
    const donation = ticket({ price_type: 'DONATION' });
    expect(lineTotal(donation, 500, null, { quantity: 2, amountCents: 100 })).toBe(0);
    expect(lineTotal(donation, 500, null, { quantity: 2, amountCents: 500 })).toBe(1000);
    // Nothing typed yet: the minimum, as the field's placeholder shows.
    expect(lineTotal(donation, 500, null, { quantity: 2 })).toBe(1000);
  });
});

describe('formatting', () => {
  it('shows dates in the event time zone, one day as a time range', () => {
    const text = formatEventDates('2026-12-13T19:00:00Z', '2026-12-13T22:00:00Z', 'Europe/Madrid');
    expect(text).toBe('domingo, 13 de diciembre de 2026, 20:00 – 23:00');
    const ny = formatEventDates('2026-12-13T19:00:00Z', null, 'America/New_York');
    expect(ny).toContain('14:00');
  });

  it('shows both dates for a multi-day event', () => {
    const text = formatEventDates('2026-07-10T16:00:00Z', '2026-07-12T22:00:00Z', 'Europe/Madrid');
    expect(text).toBe('10 jul 2026, 18:00 – 13 jul 2026, 0:00');
  });

  it('formats money in the active locale', () => {
    expect(money(4000, 'EUR').replace(/\s/g, ' ')).toBe('40,00 €');
  });

  it('links the venue to an OpenStreetMap search', () => {
    const location = {
      venue_name: 'Sala Apolo',
      address_line_1: 'Nou de la Rambla 113',
      city: 'Barcelona',
      postal_code: '08004',
    };
    expect(locationLines(location)).toEqual(['Sala Apolo', 'Nou de la Rambla 113', '08004 Barcelona']);
    expect(mapUrl(location)).toBe(
      'https://www.openstreetmap.org/search?query=Sala%20Apolo%2C%20Nou%20de%20la%20Rambla%20113%2C%2008004%20Barcelona',
    );
    expect(mapUrl({})).toBeNull();
    expect(mapUrl({ ...location, latitude: '41.3744', longitude: '2.1700' })).toBe(
      'https://www.openstreetmap.org/?mlat=41.3744&mlon=2.1700#map=17/41.3744/2.1700',
    );
  });

  it('counts down in m:ss and never below zero', () => {
    expect(clock(14 * 60_000 + 59_001)).toBe('15:00');
    expect(clock(61_000)).toBe('1:01');
    expect(clock(-5)).toBe('0:00');
  });
});

describe('order status badge (spec §4 colours)', () => {
  const o = (status: string, payment: string | null = null, refund: string | null = null) =>
    displayStatus({ status, payment_status: payment, refund_status: refund } as never);

  it('maps order, payment and refund states to the shown status and colour', () => {
    expect(o('COMPLETED')).toBe('COMPLETED');
    expect(statusColor(o('COMPLETED'))).toBe('teal');
    expect(o('AWAITING_OFFLINE_PAYMENT', 'AWAITING_PAYMENT')).toBe('AWAITING_PAYMENT');
    expect(statusColor('AWAITING_PAYMENT')).toBe('orange');
    expect(o('COMPLETED', 'PAYMENT_RECEIVED', 'PARTIALLY_REFUNDED')).toBe('PARTIALLY_REFUNDED');
    expect(statusColor('PARTIALLY_REFUNDED')).toBe('orange');
    expect(statusColor('REFUND_PENDING')).toBe('orange');
    expect(o('RESERVED', 'PAYMENT_FAILED')).toBe('PAYMENT_FAILED');
    for (const s of ['CANCELLED', 'REFUND_FAILED', 'REFUNDED', 'PAYMENT_FAILED'])
      expect(statusColor(s)).toBe('red');
    expect(statusColor('RESERVED')).toBe('teal');
  });
});

describe('public event page data', () => {
  const put = (text: string) => {
    document.body.innerHTML = '';
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = '__TAQUILLA_DATA__';
    el.textContent = text;
    document.body.appendChild(el);
  };

  it('reads what the server inlined, and nothing when it is missing or broken', () => {
    const event = { id: 'e1' } as unknown as PublicEvent;
    put(JSON.stringify({ event, locale: 'en' }));
    expect(readPageData()).toEqual({ event, locale: 'en' });
    put(JSON.stringify({ event: null }));
    expect(readPageData()).toEqual({ event: null });
    put('{not json');
    expect(readPageData()).toBeNull();
    document.body.innerHTML = '';
    expect(readPageData()).toBeNull();
  });

  it('finds the event id in /e/ and /event/ addresses', () => {
    expect(eventIdFromPath('/e/abc-1/concierto')).toBe('abc-1');
    expect(eventIdFromPath('/event/abc%2D1/x')).toBe('abc-1');
    expect(eventIdFromPath('/checkout/abc/details')).toBe('');
  });

  it('formats in its own locale and keeps the texts the server wrote', () => {
    const server = new PageFormat('es');
    expect(server.money(2500, 'EUR').replace(/\s/g, ' ')).toBe('25,00 €');
    expect(server.eventDates('2026-12-13T19:00:00Z', null, 'Europe/Madrid')).toBe(
      'domingo, 13 de diciembre de 2026, 20:00',
    );
    expect(server.percent(2150).replace(/\s/g, ' ')).toBe('21,5 %');
    // A browser whose Intl writes differently still shows the server's text for the same values.
    const written = { ...server.snapshot(), 'money|2500|EUR': '25,00 EUR' };
    const browser = new PageFormat('es', written);
    expect(browser.money(2500, 'EUR')).toBe('25,00 EUR');
    expect(browser.money(5000, 'EUR').replace(/\s/g, ' ')).toBe('50,00 €');
    expect(new PageFormat('en').money(2500, 'EUR')).toBe('€25.00');
  });

  it('writes zero-decimal currencies without decimals: prices, totals and what a donor types', () => {
    const page = new PageFormat('es');
    expect(page.money(1500, 'JPY').replace(/\s/g, ' ')).toBe('1500 JPY');
    expect(page.money(50_000, 'CLP').replace(/\s/g, ' ')).toBe('50.000 CLP');
    expect(page.amount(1500, 'JPY')).toBe('1500');
    expect(page.amount(1250, 'EUR')).toBe('12,50');
    expect(new PageFormat('en').amount(1250, 'EUR')).toBe('12.50');
  });
});

describe('checkout steps', () => {
  const order = (status: string, email: string | null, payment_status: string | null = null) =>
    ({ status, email, payment_status }) as Parameters<typeof settledStep>[0];

  it('starts the order on the step it belongs on, as the steps themselves redirect', () => {
    const open = order('RESERVED', null);
    const withDetails = order('RESERVED', 'lucia@example.com');
    const paid = order('COMPLETED', 'lucia@example.com', 'PAYMENT_RECEIVED');
    expect(settledStep(open, 'details')).toBe('details');
    expect(settledStep(open, 'payment')).toBe('details');
    expect(settledStep(open, 'summary')).toBe('details');
    expect(settledStep(withDetails, 'summary')).toBe('payment');
    expect(settledStep(withDetails, 'payment_return')).toBe('payment_return');
    expect(settledStep(order('RESERVED', 'a@b.es', 'PAYMENT_FAILED'), 'summary')).toBe('summary');
    for (const step of ['details', 'payment', 'summary', 'payment_return'] as const) {
      expect(settledStep(paid, step)).toBe('summary');
      expect(settledStep(order('AWAITING_OFFLINE_PAYMENT', 'a@b.es'), step)).toBe('summary');
    }
  });
});
