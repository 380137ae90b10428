import type { Messages } from '@lingui/core';
import type { QueryClient } from '@tanstack/react-query';
import type { Locale, PublicEvent, PublicOrder } from '@taquilla/shared';
import { isLocale } from '../../../lib/locale.ts';
import { orderQuery, publicEventQuery } from '../api.ts';

/**
 * What the server inlines into checkout.html (`<script type="application/json" id="__TAQUILLA_DATA__">`):
 * the request's messages, the event and the order (null when they could not be read: the page asks the
 * API and shows its error). When the server also rendered the step, `renderedAt` and `formats` come
 * with it, and the browser hydrates with exactly these: the countdown at the server's moment, the
 * dates and prices as the server wrote them.
 */
export interface CheckoutPageData {
  locale: Locale;
  messages: Messages;
  event: PublicEvent | null;
  order: PublicOrder | null;
  renderedAt?: number;
  formats?: Record<string, string>;
}

export function readCheckoutData(): CheckoutPageData | null {
  try {
    const data = JSON.parse(document.getElementById('__TAQUILLA_DATA__')?.textContent ?? 'null');
    return data && isLocale(data.locale) ? (data as CheckoutPageData) : null;
  } catch {
    return null;
  }
}

/** The event and the order that came with the page: the first render is the step itself, not a loader. */
export function seedQueries(
  queryClient: QueryClient,
  ids: { eventId: string; orderShortId: string },
  data: Pick<CheckoutPageData, 'event' | 'order'>,
) {
  if (data.event) queryClient.setQueryData(publicEventQuery(ids.eventId).queryKey, data.event);
  if (data.order) queryClient.setQueryData(orderQuery(ids.eventId, ids.orderShortId).queryKey, data.order);
}
