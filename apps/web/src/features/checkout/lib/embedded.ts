import { createContext, useContext } from 'react';

/**
 * Set when the checkout runs inside the embeddable widget's frame (`/widget/{eventId}/checkout/...`):
 * where "back to the event" goes, and the base of the frame's own checkout addresses.
 */
export interface Embedded {
  eventUrl: string;
  checkoutBase: string;
}

export const EmbeddedContext = createContext<Embedded | null>(null);
export const useEmbedded = () => useContext(EmbeddedContext);
