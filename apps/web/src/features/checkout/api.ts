import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicAttendee, PublicEvent, PublicOrder } from '@taquilla/shared';
import { ApiError, publicApi } from '../../lib/api-client.ts';

/** Fetchers and queries of the buyer flow (public API, no credentials). */

export interface OrderLineInput {
  ticket_id: string;
  price_id: string;
  quantity: number;
  amount_cents?: number;
}

export interface OrderDetailsInput {
  first_name: string;
  last_name: string;
  email: string;
  email_confirmation: string;
  answers: Record<string, unknown>;
  attendees: {
    ticket_id: string;
    price_id: string;
    first_name: string;
    last_name: string;
    email: string;
    answers: Record<string, unknown>;
  }[];
}

export type OfflineOrder = PublicOrder & { offline_payment_instructions?: string | null };
export type StripeStart = {
  order: PublicOrder;
  stripe: { client_secret: string; publishable_key: string; account_id?: string };
};

/** `GET /api/public/events/{id}/attendees/{attendeeShortId}` (mirrors the checkout module's view). */
export interface TicketView extends PublicAttendee {
  qr_svg: string;
  /** The text inside the QR code. */
  qr_code?: string;
  order_short_id: string;
  event: {
    id: string;
    name: string;
    slug: string;
    start_date: string;
    end_date: string | null;
    timezone: string;
    location: Record<string, string | undefined>;
    organizer_name?: string;
  };
}

const eventPath = (eventId: string) => `events/${encodeURIComponent(eventId)}`;
const orderPath = (eventId: string, shortId: string) =>
  `${eventPath(eventId)}/order/${encodeURIComponent(shortId)}`;

/** The event as inlined by the server into the HTML (public-pages module), when it is this event. */
export function inlinedEvent(eventId: string, promoCode: string | null): PublicEvent | undefined {
  const el = typeof document === 'undefined' ? null : document.getElementById('__TAQUILLA_DATA__');
  if (!el?.textContent) return undefined;
  try {
    const event = (JSON.parse(el.textContent) as { event?: PublicEvent }).event;
    if (!event || event.id !== eventId) return undefined;
    if (promoCode && event.promo_code?.code.toLowerCase() !== promoCode.toLowerCase()) return undefined;
    return event;
  } catch {
    return undefined;
  }
}

export const publicEventQuery = (eventId: string, promoCode: string | null = null) =>
  queryOptions({
    queryKey: ['public-event', eventId, promoCode ?? ''],
    queryFn: async (): Promise<PublicEvent | null> => {
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
    },
    initialData: () => inlinedEvent(eventId, promoCode),
  });

export const usePublicEvent = (eventId: string, promoCode: string | null = null) =>
  useQuery(publicEventQuery(eventId, promoCode));

export async function validatePromoCode(eventId: string, code: string): Promise<boolean> {
  try {
    const res = await publicApi<{ data?: { valid: boolean }; valid?: boolean }>(
      `${eventPath(eventId)}/promo-codes/${encodeURIComponent(code)}`,
    );
    return Boolean(res.data?.valid ?? res.valid);
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 422)) return false;
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

export const orderQuery = (eventId: string, shortId: string) =>
  queryOptions({
    queryKey: ['public-order', eventId, shortId],
    queryFn: () => publicApi<{ data: PublicOrder }>(orderPath(eventId, shortId)).then((r) => r.data),
    staleTime: 0,
  });

export const useOrder = (eventId: string, shortId: string) => useQuery(orderQuery(eventId, shortId));

export const updateOrderDetails = (eventId: string, shortId: string, body: OrderDetailsInput) =>
  publicApi<{ data: PublicOrder }>(orderPath(eventId, shortId), { method: 'PUT', body }).then((r) => r.data);

export const abandonOrder = (eventId: string, shortId: string) =>
  publicApi<unknown>(`${orderPath(eventId, shortId)}/abandon`, { method: 'POST' });

export const payWithTestCard = (eventId: string, shortId: string, cardNumber: string) =>
  publicApi<{ data: PublicOrder }>(`${orderPath(eventId, shortId)}/payment`, {
    method: 'POST',
    body: { provider: 'test', card_number: cardNumber },
  }).then((r) => r.data);

export const payOffline = (eventId: string, shortId: string) =>
  publicApi<{ data: OfflineOrder }>(`${orderPath(eventId, shortId)}/payment`, {
    method: 'POST',
    body: { provider: 'offline' },
  }).then((r) => r.data);

export const startStripePayment = (eventId: string, shortId: string) =>
  publicApi<{ data: StripeStart }>(`${orderPath(eventId, shortId)}/payment`, {
    method: 'POST',
    body: { provider: 'stripe' },
  }).then((r) => r.data);

export const refreshPayment = (eventId: string, shortId: string) =>
  publicApi<{ data: PublicOrder }>(`${orderPath(eventId, shortId)}/payment/refresh`, {
    method: 'POST',
  }).then((r) => r.data);

export const ticketQuery = (eventId: string, attendeeShortId: string) =>
  queryOptions({
    queryKey: ['public-ticket', eventId, attendeeShortId],
    queryFn: () =>
      publicApi<{ data: TicketView }>(
        `${eventPath(eventId)}/attendees/${encodeURIComponent(attendeeShortId)}`,
      ).then((r) => r.data),
  });

export const useTicket = (eventId: string, attendeeShortId: string) =>
  useQuery(ticketQuery(eventId, attendeeShortId));

export const icsUrl = (eventId: string, attendeeShortId: string) =>
  `/api/public/${eventPath(eventId)}/attendees/${encodeURIComponent(attendeeShortId)}/ics`;

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
export const errorCode = (error: unknown) => (error instanceof ApiError ? error.code : undefined);
