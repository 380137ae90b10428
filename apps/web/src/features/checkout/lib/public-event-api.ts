import type { Locale, PublicEvent, PublicOrder } from '@taquilla/shared';
import type { CheckoutOrder } from '@taquilla/shared/schemas/checkout';
import { ApiError, publicApi } from '../../../lib/api-client.ts';

/**
 * The public event page's calls, plain fetches with no query cache: the page is server-rendered with
 * its data and only asks again when a promo code changes or a reservation finds the stock gone.
 */

export interface OrderLineInput {
  ticket_id: string;
  price_id: string;
  quantity: number;
  amount_cents?: number;
}

export const eventPath = (eventId: string) => `events/${encodeURIComponent(eventId)}`;

/**
 * The event as buyers see it, with the promo code applied when it is valid and, for one of its dates,
 * that date's availability; null when not public.
 */
export async function fetchPublicEvent(
  eventId: string,
  promoCode: string | null,
  dateId: string | null = null,
): Promise<PublicEvent | null> {
  try {
    const res = await publicApi<{ data: PublicEvent }>(eventPath(eventId), {
      query: { promo_code: promoCode ?? undefined, date: dateId ?? undefined },
    });
    return res.data;
  } catch (err) {
    // spec §7: a 404 is an empty result (the "event unavailable" state); other errors are passed on.
    // A malformed id (422) is an unknown event too. A date it refuses is the caller's to explain.
    if (!dateId && err instanceof ApiError && (err.status === 404 || err.status === 422)) return null;
    throw err;
  }
}

/**
 * The waiting room's admission pass and device token, which its queue page puts in the event page's
 * address (`?pass=…&wr=…`); kept for the tab so a reload still carries them. Public calls send no cookies.
 */
function admissionHeaders(eventId: string): Record<string, string> {
  if (typeof window === 'undefined') return {};
  const key = `taquilla_admission_${eventId}`;
  const params = new URLSearchParams(window.location.search);
  const pass = params.get('pass');
  const device = params.get('wr');
  try {
    if (pass && device) sessionStorage.setItem(key, JSON.stringify([pass, device]));
    const kept = sessionStorage.getItem(key);
    if (!kept) return {};
    const [p, d] = JSON.parse(kept) as [string, string];
    return { 'x-admission-pass': p, 'x-waiting-room-token': d };
  } catch {
    return pass && device ? { 'x-admission-pass': pass, 'x-waiting-room-token': device } : {};
  }
}

export const createOrder = (
  eventId: string,
  body: { tickets: OrderLineInput[]; promo_code?: string; affiliate_code?: string; event_date_id?: string },
) =>
  publicApi<{ data: PublicOrder }>(`${eventPath(eventId)}/order`, {
    method: 'POST',
    body,
    headers: admissionHeaders(eventId),
  }).then((r) => r.data);

const orderPath = (eventId: string, shortId: string) =>
  `${eventPath(eventId)}/order/${encodeURIComponent(shortId)}`;

/** An order in checkout (404 once abandoned, 409 once expired). */
export const fetchCheckoutOrder = (eventId: string, shortId: string) =>
  publicApi<{ data: CheckoutOrder }>(orderPath(eventId, shortId)).then((r) => r.data);

/** The buyer gives up a reservation: its units are free at once. */
export const releaseOrder = (eventId: string, shortId: string) =>
  publicApi<unknown>(`${orderPath(eventId, shortId)}/abandon`, { method: 'POST' });

export const errorCode = (error: unknown) => (error instanceof ApiError ? error.code : undefined);

export const joinWaitlist = (
  eventId: string,
  body: {
    ticket_id: string;
    price_id: string;
    first_name: string;
    email: string;
    quantity: number;
    locale: Locale;
    consent: boolean;
    /** The date waited for, on an event with dates (#27). */
    event_date_id?: string;
  },
) =>
  publicApi<{ data: { id: string; state: string } }>(`${eventPath(eventId)}/waitlist`, {
    method: 'POST',
    body,
  }).then((r) => r.data);
