import { createContext, useContext } from 'react';

/**
 * Set when the checkout runs inside the embeddable widget's frame (`/widget/{eventId}/checkout/...`):
 * "back to the event" goes to the widget, and Stripe opens in a tab of its own.
 */
export interface Embedded {
  eventUrl: string;
}

export const EmbeddedContext = createContext<Embedded | null>(null);
export const useEmbedded = () => useContext(EmbeddedContext);
