import type { PublicOrder } from '@taquilla/shared';
import { useCallback, useEffect, useState } from 'react';
import { fetchCheckoutOrder, releaseOrder } from './public-event-api.ts';

/**
 * The reservation this browser made for an event and has not finished, so that coming back to the event
 * page (the back button, a later visit) offers to resume it or to free its units at once, instead of
 * leaving them held while a second order is made.
 */
const key = (eventId: string) => `taquilla.order.${eventId}`;

export function rememberOrder(eventId: string, shortId: string): void {
  try {
    localStorage.setItem(key(eventId), shortId);
  } catch {
    // storage disabled: the page cannot offer to resume; the reservation simply expires
  }
}

function recall(eventId: string): string | null {
  try {
    return localStorage.getItem(key(eventId));
  } catch {
    return null;
  }
}

function forget(eventId: string): void {
  try {
    localStorage.removeItem(key(eventId));
  } catch {
    // nothing remembered
  }
}

const isOpen = (order: PublicOrder) =>
  order.status === 'RESERVED' && new Date(order.reserved_until).getTime() > Date.now();

/**
 * The order in progress for this event (null when none), looked up after the page shows: on load and
 * when the browser brings the page back from its back/forward cache. `release` frees its units.
 */
export function useOrderInProgress(eventId: string) {
  const [order, setOrder] = useState<PublicOrder | null>(null);

  const check = useCallback(async () => {
    const shortId = recall(eventId);
    if (!shortId) return setOrder(null);
    try {
      const found = await fetchCheckoutOrder(eventId, shortId);
      if (isOpen(found)) return setOrder(found);
    } catch {
      // gone, expired or unreachable: nothing to offer
    }
    forget(eventId);
    setOrder(null);
  }, [eventId]);

  useEffect(() => {
    void check();
    const shown = (e: PageTransitionEvent) => {
      if (e.persisted) void check();
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, [check]);

  const release = useCallback(async () => {
    if (!order) return;
    try {
      await releaseOrder(eventId, order.short_id);
    } finally {
      forget(eventId);
      setOrder(null);
    }
  }, [eventId, order]);

  return { order, release };
}
