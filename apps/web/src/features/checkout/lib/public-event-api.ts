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

/** The event as buyers see it, with the promo code applied when it is valid; null when not public. */
export async function fetchPublicEvent(
  eventId: string,
  promoCode: string | null,
): Promise<PublicEvent | null> {
  try {
    const res = await publicApi<{ data: PublicEvent }>(eventPath(eventId), {
      query: { promo_code: promoCode ?? undefined },
    });
    return res.data;
  } catch (err) {
    // spec §7: a 404 is an empty result (the "event unavailable" state); other errors are passed on.
    // A malformed id (422) is an unknown event too.
    if (err instanceof ApiError && (err.status === 404 || err.status === 422)) return null;
    throw err;
  }
}

export const createOrder = (
  eventId: string,
  body: { tickets: OrderLineInput[]; promo_code?: string; affiliate_code?: string },
) =>
  publicApi<{ data: PublicOrder }>(`${eventPath(eventId)}/order`, { method: 'POST', body }).then(
    (r) => r.data,
  );

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
  },
) =>
  publicApi<{ data: { id: string; state: string } }>(`${eventPath(eventId)}/waitlist`, {
    method: 'POST',
    body,
  }).then((r) => r.data);
