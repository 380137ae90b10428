import type { PublicOrder } from '@taquilla/shared';

export const CHECKOUT_STEPS = ['details', 'payment', 'summary', 'payment_return'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export const isCheckoutStep = (step: string): step is CheckoutStep =>
  (CHECKOUT_STEPS as readonly string[]).includes(step);

type OrderState = Pick<PublicOrder, 'status' | 'email' | 'payment_status'>;

/** Where one step sends an order it does not fit (the pages' `<Navigate>`s), or null when it fits. */
function redirect(order: OrderState, step: CheckoutStep): CheckoutStep | null {
  const reserved = order.status === 'RESERVED';
  switch (step) {
    case 'details':
      return reserved ? null : 'summary';
    case 'payment':
      return !reserved ? 'summary' : order.email ? null : 'details';
    case 'summary':
      if (reserved && !order.email) return 'details';
      return reserved && order.payment_status !== 'PAYMENT_FAILED' ? 'payment' : null;
    case 'payment_return':
      return reserved ? null : 'summary';
  }
}

/**
 * The step the order belongs on when the address names `step`: the same rules as the steps' own
 * redirects, applied before the first render, so the server renders the step the buyer ends up on and
 * the browser starts there (no blank step, no jump) when, say, a paid order comes back to payment_return.
 */
export function settledStep(order: OrderState, step: CheckoutStep): CheckoutStep {
  let current = step;
  for (let i = 0; i < CHECKOUT_STEPS.length; i++) {
    const next = redirect(order, current);
    if (!next) return current;
    current = next;
  }
  return current;
}

/**
 * A checkout address, on its own (`/checkout/{eventId}/{orderShortId}/{step}`) or inside the widget's
 * frame (`/widget/{eventId}/checkout/{orderShortId}/{step}`): its parts, and the step's address with
 * another step. Null for anything else.
 */
export function parseCheckoutPath(pathname: string) {
  const parts = pathname.split('/').slice(1);
  const widget = parts[0] === 'widget' && parts[2] === 'checkout';
  if (!widget && parts[0] !== 'checkout') return null;
  const [eventId = '', orderShortId = '', step = '', ...rest] = widget
    ? [parts[1], ...parts.slice(3)]
    : parts.slice(1);
  if (rest.length > 0) return null;
  const base = widget
    ? `/widget/${eventId}/checkout/${orderShortId}`
    : `/checkout/${eventId}/${orderShortId}`;
  return { eventId, orderShortId, step, widget, pathOf: (other: string) => `${base}/${other}` };
}
