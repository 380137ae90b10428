import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicOrder } from '@taquilla/shared';
import type { CheckoutOrder, OrderDetailsInput } from '@taquilla/shared/schemas/checkout';
import { ApiError, publicApi } from '../../lib/api-client.ts';
import { eventPath, fetchCheckoutOrder, fetchPublicEvent } from './lib/public-event-api.ts';

/** Fetchers and queries of the buyer flow (public API, no credentials). */

export { createOrder, errorCode, type OrderLineInput, releaseOrder } from './lib/public-event-api.ts';

export type OfflineOrder = PublicOrder & { offline_payment_instructions?: string | null };
export type StripeStart = {
  order: PublicOrder;
  stripe: { client_secret: string; publishable_key: string; account_id?: string };
};

const orderPath = (eventId: string, shortId: string) =>
  `${eventPath(eventId)}/order/${encodeURIComponent(shortId)}`;

/** The event page links here with a full document load; the checkout pages read the event from the API. */
export const publicEventQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['public-event', eventId],
    queryFn: () => fetchPublicEvent(eventId, null),
  });

export const usePublicEvent = (eventId: string) => useQuery(publicEventQuery(eventId));

export const orderQuery = (eventId: string, shortId: string) =>
  queryOptions({
    queryKey: ['public-order', eventId, shortId],
    queryFn: () => fetchCheckoutOrder(eventId, shortId),
    staleTime: 0,
  });

export const useOrder = (eventId: string, shortId: string) => useQuery(orderQuery(eventId, shortId));

export const updateOrderDetails = (eventId: string, shortId: string, body: OrderDetailsInput) =>
  publicApi<{ data: PublicOrder }>(orderPath(eventId, shortId), { method: 'PUT', body }).then((r) => r.data);

/** The buyer's one extension of the reservation (the server says whether it is still allowed). */
export const extendReservation = (eventId: string, shortId: string) =>
  publicApi<{ data: CheckoutOrder }>(`${orderPath(eventId, shortId)}/extend`, { method: 'POST' }).then(
    (r) => r.data,
  );

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

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
