import type { PublicEvent } from '@taquilla/shared';
import type { CheckoutOrder } from '@taquilla/shared/schemas/checkout';
import { useOutletContext } from 'react-router';

/** What the checkout layout hands to its steps. */
export interface CheckoutContext {
  event: PublicEvent;
  order: CheckoutOrder;
  eventUrl: string;
  setOrder: (order: CheckoutOrder) => void;
  /** Call when the server answers ORDER_EXPIRED: shows the "start a new order" state. */
  markExpired: () => void;
}

export const useCheckout = () => useOutletContext<CheckoutContext>();

/** Whether an API error means the reservation is gone (expired or abandoned). */
export const EXPIRED_CODES = new Set(['ORDER_EXPIRED']);
